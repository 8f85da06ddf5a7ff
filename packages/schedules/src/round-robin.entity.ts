import { defineEntity, p } from '@mikro-orm/core';

/**
 * A round-robin people step's turn counter, per flow and step (`<flowEndpointId>:<stepIndex>`):
 * advanced in one statement, so two alerts at once take two turns.
 */
const RoundRobinCursorSchema = defineEntity({
  name: 'RoundRobinCursorRecord',
  tableName: 'round_robin_cursors',
  properties: {
    stepKey: p.text().primary(),
    turns: p.integer().default(0),
  },
});

export class RoundRobinCursorRecord extends RoundRobinCursorSchema.class {}
RoundRobinCursorSchema.setClass(RoundRobinCursorRecord);

/**
 * The person a round-robin step picked for one alert: a retried or repeated step pages them again
 * instead of taking another turn. Text ids without foreign keys, as the delivery log keeps them.
 */
const RoundRobinPickSchema = defineEntity({
  name: 'RoundRobinPickRecord',
  tableName: 'round_robin_picks',
  // Retention removes picks by age in batches: without it each batch reads the whole table.
  indexes: [{ name: 'round_robin_picks_created_at', properties: ['createdAt'] }],
  properties: {
    stepKey: p.text().primary(),
    alertEventId: p.text().primary(),
    userId: p.uuid(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});

export class RoundRobinPickRecord extends RoundRobinPickSchema.class {}
RoundRobinPickSchema.setClass(RoundRobinPickRecord);
