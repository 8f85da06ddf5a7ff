import { Button, Fieldset, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { browserTimeZone } from '../behavior-rules/behavior-rule-draft';
import { fieldErrorAt } from '../forms/field-error-at';
import { FormShell } from '../forms/form-shell';
import { useFormSubmit } from '../forms/use-form-submit';
import { ActiveWindowsEditor } from './active-windows-editor';
import { MembersEditor } from './members-editor';
import {
  type LayerDraft,
  newLayer,
  newRotation,
  type RotationDraft,
  type RotationUnit,
  type ScheduleDraft,
  UNIT_OPTIONS,
} from './schedule-draft';
import { useNoticeEndpoints } from './use-notice-endpoints';

const TIME_ZONES: readonly string[] = (() => {
  try {
    return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
  } catch {
    return ['UTC'];
  }
})();

type Options = { value: string; label: string }[];

/**
 * Creates or edits a schedule: name, team, time zone, the chat told of shift changes, and its
 * layers (a higher priority masks lower ones while it has someone on call), each with rotations
 * (unit, every N, the first hand-off on the schedule's clock, members in order, active windows,
 * when it is in force). A 422 shows at its field (`layers.0.rotations.1.members`).
 */
export function ScheduleForm({
  original,
  teams,
  users,
  onSubmit,
  onCancel,
}: {
  original: ScheduleDraft;
  teams: Options;
  users: Options;
  onSubmit: (draft: ScheduleDraft) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<ScheduleDraft>(original);
  const { errors, problem, saving, submit } = useFormSubmit(() => onSubmit(draft));
  const error = (path: string) => fieldErrorAt(errors, path, 'data');
  const change = (patch: Partial<ScheduleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const changeLayer = (index: number, patch: Partial<LayerDraft>) =>
    change({ layers: draft.layers.map((layer, at) => (at === index ? { ...layer, ...patch } : layer)) });
  const changeRotation = (l: number, r: number, patch: Partial<RotationDraft>) => {
    const layer = draft.layers[l];
    if (!layer) return;
    changeLayer(l, {
      rotations: layer.rotations.map((rotation, at) => (at === r ? { ...rotation, ...patch } : rotation)),
    });
  };
  const zones = TIME_ZONES.includes(draft.timeZone) ? TIME_ZONES : [draft.timeZone, ...TIME_ZONES];
  const notices = useNoticeEndpoints();
  const myZone = browserTimeZone();
  // One the user cannot see (a teammate's chat) stays pickable under a plain name, so a save keeps it.
  const noticeOptions =
    draft.noticeEndpointId && !notices.options.some((option) => option.value === draft.noticeEndpointId)
      ? [...notices.options, { value: draft.noticeEndpointId, label: "A teammate's chat endpoint" }]
      : notices.options;

  return (
    <FormShell
      label="Schedule"
      problem={problem}
      saving={saving}
      submitLabel="Save schedule"
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextInput
        label="Name"
        required
        value={draft.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={error('name')}
      />
      <Select
        label="Team"
        required
        description="Its members may see and edit the schedule."
        data={teams}
        value={draft.teamId || null}
        onChange={(value) => change({ teamId: value ?? '' })}
        allowDeselect={false}
        searchable
        error={error('teamId')}
      />
      <Select
        label="Time zone"
        required
        description="Hand-off times are wall-clock times here, across clock changes."
        data={[...zones]}
        value={draft.timeZone}
        onChange={(value) => change({ timeZone: value ?? draft.timeZone })}
        allowDeselect={false}
        searchable
        limit={50}
        error={error('timeZone')}
      />
      <Select
        label="Shift-change notices"
        description="A team chat told who is on call at each hand-off. None: no notices."
        placeholder={notices.loading ? 'Loading chats…' : 'None'}
        data={noticeOptions}
        value={draft.noticeEndpointId}
        onChange={(value) => change({ noticeEndpointId: value })}
        clearable
        searchable
        nothingFoundMessage="No chat endpoint: create one on the Endpoints screen."
        error={error('noticeEndpointId')}
      />
      {draft.layers.map((layer, l) => {
        const layerName = layer.name.trim() || `Layer ${l + 1}`;
        return (
          <Fieldset key={layer.id ?? `new-${l}`} legend={layerName} p="sm">
            <Stack gap="sm">
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label="Layer name"
                  value={layer.name}
                  onChange={(event) => changeLayer(l, { name: event.currentTarget.value })}
                  error={error(`layers.${l}.name`)}
                  miw={140}
                />
                <NumberInput
                  label="Priority"
                  description="Higher masks lower."
                  min={0}
                  max={1000}
                  allowDecimal={false}
                  value={layer.priority}
                  onChange={(value) => changeLayer(l, { priority: typeof value === 'number' ? value : 0 })}
                  error={error(`layers.${l}.priority`)}
                  miw={110}
                />
              </Group>
              {layer.rotations.map((rotation, r) => {
                const rotationName = rotation.name.trim() || `Rotation ${r + 1}`;
                const path = `layers.${l}.rotations.${r}`;
                return (
                  <Fieldset key={rotation.id ?? `new-${r}`} legend={`${layerName}: ${rotationName}`} p="xs">
                    <Stack gap="xs">
                      <TextInput
                        label="Rotation name"
                        value={rotation.name}
                        onChange={(event) => changeRotation(l, r, { name: event.currentTarget.value })}
                        error={error(`${path}.name`)}
                      />
                      <Group grow align="flex-start" wrap="wrap">
                        <NumberInput
                          label="Hand off every"
                          min={1}
                          max={1000}
                          allowDecimal={false}
                          disabled={rotation.recurrence.trim() !== ''}
                          value={rotation.every}
                          onChange={(value) =>
                            changeRotation(l, r, { every: typeof value === 'number' ? value : 1 })
                          }
                          error={error(`${path}.every`)}
                          miw={110}
                        />
                        <Select
                          label="Unit"
                          data={UNIT_OPTIONS}
                          value={rotation.unit}
                          allowDeselect={false}
                          disabled={rotation.recurrence.trim() !== ''}
                          onChange={(value) =>
                            changeRotation(l, r, { unit: (value ?? 'week') as RotationUnit })
                          }
                          error={error(`${path}.unit`)}
                          miw={110}
                        />
                      </Group>
                      <TextInput
                        label="Recurrence rule (optional)"
                        description="An RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO,WE,FR: a hand-off at each occurrence, at the first hand-off's time. Empty: every N units as above."
                        value={rotation.recurrence}
                        onChange={(event) => changeRotation(l, r, { recurrence: event.currentTarget.value })}
                        error={error(`${path}.recurrence`)}
                        spellCheck={false}
                      />
                      <TextInput
                        type="datetime-local"
                        label="First hand-off"
                        description={`Date and hand-off time on the schedule's clock (${draft.timeZone}).`}
                        required
                        value={rotation.startsAt}
                        onChange={(event) => changeRotation(l, r, { startsAt: event.currentTarget.value })}
                        error={error(`${path}.startsAt`)}
                      />
                      <MembersEditor
                        label={`Members of ${rotationName}`}
                        members={rotation.members}
                        users={users}
                        error={
                          error(`${path}.members`) ??
                          rotation.members.map((_, m) => error(`${path}.members.${m}`)).find(Boolean)
                        }
                        onChange={(members) => changeRotation(l, r, { members })}
                      />
                      <ActiveWindowsEditor
                        rotationName={rotationName}
                        timeZone={draft.timeZone}
                        windows={rotation.activeWindows}
                        errorAt={(at) => error(at ? `${path}.activeWindows.${at}` : `${path}.activeWindows`)}
                        onChange={(activeWindows) => changeRotation(l, r, { activeWindows })}
                      />
                      {/* One above the other: side by side in the dialog, the dates were cut off. */}
                      <Stack gap="xs">
                        <TextInput
                          type="datetime-local"
                          label="In force from"
                          description={`Your time zone (${myZone}). Empty: from now.`}
                          value={rotation.effectiveFrom}
                          onChange={(event) =>
                            changeRotation(l, r, { effectiveFrom: event.currentTarget.value })
                          }
                          error={error(`${path}.effectiveFrom`)}
                        />
                        <TextInput
                          type="datetime-local"
                          label="In force until"
                          description={`Your time zone (${myZone}). Empty: no end.`}
                          value={rotation.effectiveUntil}
                          onChange={(event) =>
                            changeRotation(l, r, { effectiveUntil: event.currentTarget.value })
                          }
                          error={error(`${path}.effectiveUntil`)}
                        />
                      </Stack>
                      {layer.rotations.length > 1 && (
                        <Group justify="flex-end">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() =>
                              changeLayer(l, { rotations: layer.rotations.filter((_, at) => at !== r) })
                            }
                          >
                            Remove {rotationName}
                          </Button>
                        </Group>
                      )}
                    </Stack>
                  </Fieldset>
                );
              })}
              <Group justify="space-between">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => changeLayer(l, { rotations: [...layer.rotations, newRotation(new Date())] })}
                >
                  Add a rotation to {layerName}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => change({ layers: draft.layers.filter((_, at) => at !== l) })}
                >
                  Remove {layerName}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Button
        variant="default"
        onClick={() =>
          change({
            layers: [
              ...draft.layers,
              newLayer(Math.max(0, ...draft.layers.map((layer) => layer.priority)) + 1, new Date()),
            ],
          })
        }
      >
        Add a layer
      </Button>
    </FormShell>
  );
}
