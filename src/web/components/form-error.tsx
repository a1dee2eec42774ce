/**
 * What went wrong with a form as a whole (a refused request, a lost connection), at the top of
 * the form or beside its button; it stays until the member changes something or sends again.
 * Per-field messages sit under their fields (form-field.tsx).
 */
export function FormError({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `form__error ${className}` : 'form__error'} role="alert">
      {message}
    </p>
  );
}
