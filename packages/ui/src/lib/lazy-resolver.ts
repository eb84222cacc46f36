import type { FieldValues, Resolver } from 'react-hook-form';

/** A zod schema as seen through Standard Schema, so this file needs no zod types of its own. */
interface SchemaOf<Input, Output> {
  '~standard': { types?: { input: Input; output: Output } | undefined };
}

/**
 * A react-hook-form resolver for a contract schema that is loaded on first validation, together
 * with zod and the zod resolver. Public pages (sign-in above all) paint without zod's ~24 KiB
 * and still validate with the contract's own schema; the load happens once, on the first submit
 * or after `preload()` (the pages call it when the browser is idle).
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<SchemaOf<Input, Output>>,
): Resolver<Input, unknown, Output> & { preload: () => Promise<unknown> } {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await load())(values, context, options);
  return Object.assign(resolver, { preload: load });
}
