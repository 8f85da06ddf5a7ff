import { type FormEvent, useState } from 'react';
import { type FieldErrors, failureMessage, fieldErrorsOf } from './server-field-errors';

/**
 * A form's submit: a 422's messages go to their fields, any other failure to one message above the
 * form; what was typed stays either way.
 */
export function useFormSubmit(onSubmit: () => Promise<unknown>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setSaving(true);
    setErrors({});
    setProblem(null);
    try {
      await onSubmit();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setProblem(Object.keys(fields).length > 0 ? null : failureMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return { errors, problem, saving, submit };
}
