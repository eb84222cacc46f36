import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that is loaded on first validation, for the public pages
 * (register, password reset): they paint without zod's ~24 KiB and still validate with the
 * contract's own schema through `zodResolver`, which itself carries no zod:
 *
 *   lazyResolver(() => import('@protokoll/contract/auth').then((c) => zodResolver(c.ForgotPasswordBody)))
 *
 * A failed load (offline) lets the values through unchecked, for the form's call to report the
 * missing connection; the next submit loads the check again.
 */
export function lazyResolver<Input extends FieldValues, Context, Output>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): Resolver<Input, Context, Output> {
  let loaded: Promise<Resolver<Input, Context, Output>> | undefined;
  return async (values, context, options) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    let resolver: Resolver<Input, Context, Output>;
    try {
      resolver = await loaded;
    } catch {
      // The check's code could not load (offline): the form goes on without the browser's check,
      // so its call can say what is wrong (no connection) instead of the submit doing nothing.
      // The server checks the same schema.
      return { values: values as unknown as Output, errors: {} };
    }
    return resolver(values, context, options);
  };
}
