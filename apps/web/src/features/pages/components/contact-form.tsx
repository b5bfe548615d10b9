import { contactMessageInputSchema, type ContactMessageInput } from '@platter/shared';
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH, CONTACT_SUBJECT_MAX_LENGTH } from '@platter/shared/constants';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useSendContactMessage } from '../api/send-contact-message';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];
const isField = (value: unknown): value is Field => FIELDS.includes(value as Field);

/**
 * A 400's message placed next to the field the server names in `field`; a refusal that names no
 * field of this form stays for the message under the form.
 */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !isField(error.field)) return null;
  return { [error.field]: error.message };
}

/** What is wrong with each field by the shared schema (the server's own rules), in the UI's language. */
export function clientFieldErrors(input: ContactMessageInput, t: TFunction): FieldErrors {
  const result = contactMessageInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isField(field) || errors[field]) continue;
    const tooLong = issue.code === 'too_big';
    errors[field] =
      field === 'name'
        ? tooLong
          ? t('contact.errors.tooLong', { count: CONTACT_NAME_MAX_LENGTH })
          : t('contact.errors.name')
        : field === 'email'
          ? t('contact.errors.email')
          : field === 'subject'
            ? t('contact.errors.tooLong', { count: CONTACT_SUBJECT_MAX_LENGTH })
            : tooLong
              ? t('contact.errors.tooLong', { count: CONTACT_MESSAGE_MAX_LENGTH })
              : t('contact.errors.message');
  }
  return errors;
}

/**
 * Name, email, optional subject and message. The form checks every field with the server's own
 * schema before sending and says what is wrong next to the field, in the UI's language; a refusal
 * the server still finds (400) is placed next to the field it names. The fields keep what was
 * typed whatever happens, so a refused message is never lost.
 */
export function ContactForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [values, setValues] = useState<Values>(EMPTY);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const send = useSendContactMessage();

  const error = send.error;
  const refused = serverFieldErrors(error);
  const errors: FieldErrors = { ...refused, ...clientErrors };
  // The server's own reason for a refusal (400 validation, 429 too many) is worth showing as it is,
  // next to its field when it names one; a lost connection or a server failure is ours to explain.
  const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
  const errorText = !error || refused ? null : refusal ? error.message : t('contact.failed');

  const focusField = (field: Field | undefined) => {
    if (field) document.getElementById(`${id}-${field}`)?.focus();
  };

  const input = (): ContactMessageInput => ({
    name: values.name,
    email: values.email.trim(),
    message: values.message,
    ...(values.subject.trim() ? { subject: values.subject } : {}),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const message = input();
    const found = clientFieldErrors(message, t);
    setClientErrors(found);
    const firstWrong = FIELDS.find((field) => found[field]);
    if (firstWrong) {
      send.reset();
      focusField(firstWrong);
      return;
    }
    send.mutate(message, {
      onSuccess: () => onSent(message.email),
      // Take the visitor to the first field the server refused.
      onError: (failure) => {
        const fields = serverFieldErrors(failure);
        if (fields) focusField(FIELDS.find((field) => fields[field]));
      },
    });
  };

  const fieldErrorId = (field: Field) => `${id}-${field}-error`;
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      // Typing in a field answers what was said about it.
      setClientErrors(({ [field]: _answered, ...others }) => others);
    },
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? fieldErrorId(field) : undefined,
  });

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={fieldErrorId(field)} className="error-text contact-form__field-error" data-testid={`contact-error-${field}`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="contact-form" onSubmit={onSubmit} aria-label={t('contact.form')} noValidate>
      <p className="contact-form__note">{t('contact.required')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {t('contact.name')} <span aria-hidden="true">*</span>
        </label>
        <input {...fieldProps('name')} className="input" autoComplete="name" required maxLength={CONTACT_NAME_MAX_LENGTH} />
        {fieldError('name')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {t('contact.email')} <span aria-hidden="true">*</span>
        </label>
        <input {...fieldProps('email')} className="input" type="email" autoComplete="email" required maxLength={254} />
        {fieldError('email')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-subject`}>
          {t('contact.subject')}
        </label>
        <input {...fieldProps('subject')} className="input" maxLength={CONTACT_SUBJECT_MAX_LENGTH} />
        {fieldError('subject')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          {t('contact.message')} <span aria-hidden="true">*</span>
        </label>
        <textarea {...fieldProps('message')} className="input contact-form__message" rows={7} required maxLength={CONTACT_MESSAGE_MAX_LENGTH} />
        {fieldError('message')}
      </div>
      {errorText && (
        <p id={errorId} className="error-text" role="alert">
          {errorText}
        </p>
      )}
      <button type="submit" className="button button--primary contact-form__send" disabled={send.isPending}>
        {send.isPending ? t('contact.sending') : t('contact.send')}
      </button>
    </form>
  );
}
