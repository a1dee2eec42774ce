import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver whose schema is fetched at the first check instead of before the page
 * can render: the validation code (zod, libphonenumber's metadata) is the heaviest part of a form
 * page on a phone. Give `preload` to the form's onFocus and the checks are there before the first
 * blur. If they cannot be downloaded, the form is sent unchecked: the server checks it with the
 * same schema and its per-field messages are shown the same way.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<z.ZodObject>,
  options: { raw: true } | { raw?: false } = {},
): { resolver: Resolver<T>; preload: () => void } {
  let ready: Promise<Resolver<T>> | undefined;
  const load = () => {
    ready ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema, undefined, options as { raw: true }) as unknown as Resolver<T>,
      (error: unknown) => {
        ready = undefined;
        throw error;
      },
    );
    return ready;
  };
  return {
    resolver: async (values, context, resolverOptions) => {
      const resolver = await load().catch(() => undefined);
      return resolver ? resolver(values, context, resolverOptions) : { values, errors: {} };
    },
    // A failed early download is not an error: the next check tries again, then the server checks.
    preload: () => void load().catch(() => {}),
  };
}
