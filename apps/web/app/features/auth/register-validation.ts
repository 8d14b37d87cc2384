import { RegisterFormSchema, type RegisterForm } from '@store/shared/auth';
import type { z } from 'zod';

export type RegisterValues = {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  birthday: string;
  gender: '' | 'Other' | 'Male' | 'Female';
  newsletter_email: boolean;
  newsletter_sms: boolean;
  password: string;
  password_confirm: string;
};
export type RegisterField = keyof RegisterValues;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

/** Newsletters default to checked (SPEC §3). */
export const emptyRegisterValues = (prefill: Partial<RegisterValues> = {}): RegisterValues => ({
  email: '',
  phone: '',
  firstName: '',
  lastName: '',
  birthday: '',
  gender: '',
  newsletter_email: true,
  newsletter_sms: true,
  password: '',
  password_confirm: '',
  ...prefill,
});

const FIELDS = new Set<string>(Object.keys(emptyRegisterValues()));

/** The shared zod schema decides; each field gets its first message, in the schema's words. */
export function validateRegister(
  values: RegisterValues,
): { ok: true; data: z.output<typeof RegisterFormSchema> } | { ok: false; errors: RegisterErrors } {
  const parsed = RegisterFormSchema.safeParse(values satisfies RegisterForm);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: RegisterErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (FIELDS.has(key) && !errors[key as RegisterField]) errors[key as RegisterField] = issue.message;
  }
  return { ok: false, errors };
}

/** The API names fields as the payload does (customer.first_name, phone…); the form as the schema does. */
const API_TO_FORM: Record<string, RegisterField> = {
  first_name: 'firstName',
  last_name: 'lastName',
  birthday: 'birthday',
  gender: 'gender',
};

export function registerErrorsFromApi(fields: Record<string, string> | undefined): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    const name = key.replace(/^customer\./, '').replace(/^note\./, '');
    const field = API_TO_FORM[name] ?? (FIELDS.has(name) ? (name as RegisterField) : null);
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}
