import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that is loaded on first validation, for the public pages
 * (register, password reset): they paint without zod's ~24 KiB and still validate with the
 * contract's own schema through `zodResolver`, which itself carries no zod:
 *
 *   lazyResolver(() => import('@protokoll/contract/auth').then((c) => zodResolver(c.ForgotPasswordBody)))
 *
 * A failed load (offline) is tried again on the next submit.
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
    return (await loaded)(values, context, options);
  };
}
