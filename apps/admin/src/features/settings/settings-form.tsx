import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useRevalidator } from 'react-router';
import type { z } from 'zod';
import type { AdminSettings, AdminSettingsPatch } from '@store/shared/admin-settings';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Section } from '../../components/ui/page';
import { api } from '../../lib/api';
import { apiErrorToForm } from '../../lib/forms';

type GroupSchema<T extends FieldValues> = z.ZodType<T, T>;

/**
 * One group of settings as its own form: validated by its slice of the shared schema, saved with a
 * PATCH of that slice only, the API's field messages shown under the fields they name.
 */
export function SettingsGroup<T extends FieldValues>({
  title,
  description,
  schema,
  values,
  toPatch,
  children,
}: {
  title: string;
  description?: string;
  schema: GroupSchema<T>;
  values: T;
  toPatch: (values: T) => AdminSettingsPatch;
  children: (form: UseFormReturn<T>) => ReactNode;
}) {
  const { revalidate } = useRevalidator();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<T>({ resolver: zodResolver(schema), defaultValues: values as DefaultValues<T> });
  const submit = form.handleSubmit(async (next) => {
    setResult(null);
    try {
      const { data } = await api.patch<{ data: AdminSettings }>('/settings/', toPatch(next));
      // The saved values become the form's new starting point (the API may have tidied them).
      form.reset(pickLike(data, next));
      setResult({ tone: 'success', text: 'Saved. The storefront uses it from now on.' });
      await revalidate();
    } catch (error) {
      const message = apiErrorToForm(error, form.setError, Object.keys(next) as Path<T>[]);
      if (message) setResult({ tone: 'error', text: message });
    }
  });
  return (
    <Section title={title} {...(description ? { description } : {})}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={title}>
        {children(form)}
        {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
            {form.formState.isSubmitting ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** The saved settings cut to the shape of one group's form. */
function pickLike<T extends FieldValues>(saved: AdminSettings, like: T): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(like)) out[key] = (saved as Record<string, unknown>)[key];
  return out as T;
}
