import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { draftBody, draftOf, type RuleTypeForm } from '../src/rules/rule-draft';
import {
  newScheduleTarget,
  type ScheduleTargetDraft,
  schedulePicks,
  scheduleTargetDrafts,
  scheduleTargetsBody,
  scheduleTargetText,
} from '../src/rules/rule-schedule-targets';
import { RuleScheduleTargetsEditor } from '../src/rules/rule-schedule-targets-editor';
import { renderWithTheme } from './render';

const PRIMARY = '01900000-0000-7000-8000-000000000001';
const SECONDARY = '01900000-0000-7000-8000-000000000002';
const HIDDEN = '01900000-0000-7000-8000-000000000003';
const usable = [
  { id: PRIMARY, name: 'Platform primary' },
  { id: SECONDARY, name: 'Platform secondary' },
];
const apiForm: RuleTypeForm = { type: 'api', fields: [] };
const stored = {
  id: 'target-1',
  scheduleId: HIDDEN,
  scheduleName: 'Payments nights',
  ifNobodyOnCall: 'nobody' as const,
  urgency: 'high' as const,
  roundRobin: true,
};

describe("a rule's schedule targets as the form keeps them", () => {
  it('reads stored targets back and sends them as the procedure takes them', () => {
    const drafts = scheduleTargetDrafts([stored]);
    expect(scheduleTargetsBody(drafts)).toEqual({
      ok: true,
      scheduleTargets: [{ scheduleId: HIDDEN, ifNobodyOnCall: 'nobody', urgency: 'high', roundRobin: true }],
    });
    const draft = { ...draftOf(apiForm), name: 'Disk', scheduleTargets: drafts };
    const body = draftBody(draft, apiForm);
    expect(body.ok && body.body.scheduleTargets).toEqual([
      { scheduleId: HIDDEN, ifNobodyOnCall: 'nobody', urgency: 'high', roundRobin: true },
    ]);
  });

  it('refuses a row with no schedule picked at its field, before the server', () => {
    const draft = {
      ...draftOf(apiForm),
      scheduleTargets: [{ ...newScheduleTarget(), scheduleId: PRIMARY }, newScheduleTarget()],
    };
    expect(draftBody(draft, apiForm)).toEqual({
      ok: false,
      errors: { 'scheduleTargets.1.scheduleId': 'Pick a schedule.' },
    });
  });

  it("offers the user's schedules and keeps one the rule pages that they cannot use", () => {
    expect(schedulePicks(usable, [stored])).toEqual([
      { value: PRIMARY, label: 'Platform primary' },
      { value: SECONDARY, label: 'Platform secondary' },
      { value: HIDDEN, label: 'Payments nights' },
    ]);
    expect(schedulePicks(usable, [{ ...stored, scheduleId: PRIMARY }])).toHaveLength(2);
    // The server names a schedule only to those who may use it.
    expect(schedulePicks(usable, [{ ...stored, scheduleName: null }])).toContainEqual({
      value: HIDDEN,
      label: 'A schedule you cannot see',
    });
  });

  it('says what a target does', () => {
    expect(scheduleTargetText(newScheduleTarget())).toBe(
      "Pages whoever is on call; nobody on call: the team's admins.",
    );
    expect(scheduleTargetText(stored)).toBe(
      'Pages one of those on call, taking turns per alert, high urgency; nobody on call: nobody.',
    );
  });
});

function Editable({
  onChange,
  errors = {},
}: {
  onChange: (value: ScheduleTargetDraft[]) => void;
  errors?: Record<string, string>;
}) {
  const [value, setValue] = useState<ScheduleTargetDraft[]>([]);
  return (
    <RuleScheduleTargetsEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      schedules={schedulePicks(usable, [])}
      errors={errors}
    />
  );
}

describe("the rule form's Page schedules section", () => {
  it('adds a schedule, sets how it pages, offers each schedule once, and removes it', async () => {
    const onChange = vi.fn();
    renderWithTheme(<Editable onChange={onChange} />);
    const section = screen.getByRole('group', { name: 'Page schedules' });
    await userEvent.click(within(section).getByRole('button', { name: 'Page a schedule' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Schedule 1' }));
    await userEvent.click(screen.getByRole('option', { name: 'Platform primary', hidden: true }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Schedule 1 urgency' }));
    await userEvent.click(screen.getByRole('option', { name: 'High', hidden: true }));
    await userEvent.click(
      screen.getByRole('switch', { name: 'Schedule 1: one person per alert, taking turns' }),
    );
    expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({
        scheduleId: PRIMARY,
        urgency: 'high',
        roundRobin: true,
        ifNobodyOnCall: 'teamAdmins',
      }),
    ]);
    expect(
      screen.getByText(
        "Pages one of those on call, taking turns per alert, high urgency; nobody on call: the team's admins.",
      ),
    ).toBeVisible();

    await userEvent.click(within(section).getByRole('button', { name: 'Page a schedule' }));
    const second = screen.getByRole('combobox', { name: 'Schedule 2' });
    await userEvent.click(second);
    // The first row's schedule is not offered twice.
    const listbox = document.getElementById(second.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(listbox).queryByRole('option', { name: 'Platform primary', hidden: true })).toBeNull();
    expect(within(listbox).getByRole('option', { name: 'Platform secondary', hidden: true })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Remove schedule 1' }));
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ scheduleId: '' })]);
  });

  it("shows the server's 422 at the schedule's field", async () => {
    renderWithTheme(
      <Editable
        onChange={vi.fn()}
        errors={{ 'scheduleTargets.0.scheduleId': 'The selected schedule is invalid.' }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Page a schedule' }));
    expect(screen.getByRole('combobox', { name: 'Schedule 1' })).toHaveAccessibleDescription(
      'The selected schedule is invalid.',
    );
  });
});
