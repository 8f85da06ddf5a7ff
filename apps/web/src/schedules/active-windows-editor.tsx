import { Button, Checkbox, Fieldset, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { type ActiveWindowDraft, newActiveWindow } from './schedule-draft';

const WEEKDAYS = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 7, short: 'Sun', long: 'Sunday' },
] as const;

/**
 * A rotation's active windows: the weekdays and clock range (on the schedule's clock) in which it
 * has someone on call; none means always. An end at or before the start runs past midnight. Each
 * window is a fieldset named after its place, so a screen reader hears which one a box belongs to.
 */
export function ActiveWindowsEditor({
  rotationName,
  timeZone,
  windows,
  errorAt,
  onChange,
}: {
  rotationName: string;
  timeZone: string;
  windows: ActiveWindowDraft[];
  /** The server's message for a window's field (`0.weekdays`), if any. */
  errorAt: (path: string) => string | undefined;
  onChange: (windows: ActiveWindowDraft[]) => void;
}) {
  const change = (index: number, patch: Partial<ActiveWindowDraft>) =>
    onChange(windows.map((window, at) => (at === index ? { ...window, ...patch } : window)));
  return (
    <Input.Wrapper
      label={`When ${rotationName} is on call`}
      description={`Days and hours on the schedule's clock (${timeZone}). None: at all times. An end at or before the start runs past midnight.`}
      error={errorAt('')}
    >
      <Stack gap="xs" mt={4}>
        {windows.length === 0 && (
          <Text size="sm" c="dimmed">
            At all times.
          </Text>
        )}
        {windows.map((window, index) => {
          const name = `${rotationName}, window ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: windows have no identity but their place
            <Fieldset key={index} legend={`Window ${index + 1}`} p="xs" aria-label={name}>
              <Stack gap="xs">
                <Checkbox.Group
                  label="Days"
                  value={window.weekdays.map(String)}
                  onChange={(days) => change(index, { weekdays: days.map(Number).sort((a, b) => a - b) })}
                  error={errorAt(`${index}.weekdays`)}
                >
                  <Group gap="xs" mt={4}>
                    {WEEKDAYS.map((day) => (
                      <Checkbox
                        key={day.value}
                        value={String(day.value)}
                        label={day.short}
                        aria-label={day.long}
                      />
                    ))}
                  </Group>
                </Checkbox.Group>
                <Group grow align="flex-start" wrap="wrap">
                  <TextInput
                    type="time"
                    label="From"
                    value={window.start}
                    onChange={(event) => change(index, { start: event.currentTarget.value })}
                    error={errorAt(`${index}.start`)}
                    miw={110}
                  />
                  <TextInput
                    type="time"
                    label="Until"
                    value={window.end}
                    onChange={(event) => change(index, { end: event.currentTarget.value })}
                    error={errorAt(`${index}.end`)}
                    miw={110}
                  />
                </Group>
                <Group justify="flex-end">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(windows.filter((_, at) => at !== index))}
                  >
                    Remove window
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button size="xs" variant="default" onClick={() => onChange([...windows, newActiveWindow()])}>
            Add an active window to {rotationName}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
