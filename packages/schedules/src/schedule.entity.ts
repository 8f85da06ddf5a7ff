import { defineEntity, p } from '@mikro-orm/core';
import { Team } from '@oncall/core';

/**
 * A team's on-call schedule as stored: its layers (each rotation with every version it has had, so
 * an edit never rewrites the past) and overrides as JSON documents, read whole by the resolver.
 * The iCal feed's secret is kept only as its SHA-256. Read and written by plain statements.
 */
const ScheduleSchema = defineEntity({
  name: 'ScheduleRecord',
  tableName: 'schedules',
  properties: {
    id: p.uuid().primary(),
    team: () => p.manyToOne(Team).deleteRule('cascade').index(),
    name: p.text().unique(),
    timeZone: p.text(),
    layers: p.json(),
    overrides: p.json(),
    icalTokenHash: p.text().nullable().unique(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class ScheduleRecord extends ScheduleSchema.class {}
ScheduleSchema.setClass(ScheduleRecord);

/** The entities this module adds to the ORM's explicit list. */
export const scheduleEntities = [ScheduleRecord];
