import type { Plugin, Rolldown } from 'vite';
// Relative and zod-free: the Vite config loads this file with Node.
import { pageRoutes } from '../packages/contract/src/routes.ts';
import { LAZY_MODULES, PAGE_COMPONENTS } from './src/route-modules.ts';

/*
 * The signed-in pages' shared modules in a few chunks instead of ~80 tiny ones: over HTTP/1.1 the
 * browser fetches 6 files at a time, a round trip each (docs/architecture.md#chunks).
 *
 * Which pages need a module is read from the import graph, export by export: the package
 * barrels (`@protokoll/ui`, `lucide-react`, …) are imported by every page, so by the modules
 * alone every page would need every component. This plugin records, for each module, which names
 * it imports from where and which names a barrel re-exports from where; `signedInChunks` then
 * follows from each lazily loaded module (a page, the layout, the session, a dialog) only the
 * imports it uses.
 */

const DEFAULT_LAYOUT = /\/app\/src\/routes\/default-layout\.tsx$/;

/**
 * The modules of the signed-in pages (`/app/src/routes/…`): every page of `pageRoutes` with
 * access `signed-in`, whose component's module the route table's list names
 * (`src/route-modules.ts`, docs/architecture.md#chunks).
 */
export function signedInRouteModules(): Set<string> {
  return new Set(
    pageRoutes
      .filter((route) => route.access === 'signed-in')
      .map((route) => `/app/${LAZY_MODULES[PAGE_COMPONENTS[route.path]]}`),
  );
}

/**
 * Lazily loaded modules used outside the default layout: the sign-in pages (their own layout)
 * and what they load lazily, the session chunk (which they load too), the new-version toast and
 * the error page (on every page), mock mode.
 */
const OUTSIDE_LAYOUT =
  /(\/app\/src\/(routes\/auth\/|session\/|routes\/(new-build-toast|error-route)\.tsx$|mock-mode\.ts$)|\/packages\/mocks\/)/;
/**
 * The lazily loaded modules outside the default layout that may load `shared`: the session chunk,
 * the new-version toast, the error page and the account pages that are not measured (not the
 * sign-in and sign-up pages, nor mock mode: docs/architecture.md#chunks).
 */
const SHARED_OUTSIDE =
  /\/app\/src\/(session\/|routes\/(new-build-toast|error-route|auth\/(forgot-password|reset-password|update-email)-route)\.tsx$)/;
/** One lucide icon (the `lucide-react` barrel re-exports them one module each). */
const LUCIDE_ICON = /\/lucide-react\/dist\/esm\/icons\/[^/]+\.m?js$/;
/** zod: a module importing it holds schemas (`importsSchemas`). */
const ZOD = /\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod\//;
/** A lazily loaded part of a page in the app's routes (the notes pages' approval chunk). */
const APP_ROUTE_PART = /\/app\/src\/routes\//;
/** The other pages in the default layout: home, content pages, the 404 page. */
const PUBLIC_LAYOUT_ROUTE = /\/app\/src\/routes\/(home-route|content-route|not-found-route)\.tsx$/;

/**
 * How many signed-in pages must share a module for it to join the `signed-in` chunk: with 2 or 3,
 * /dashboard would load much of what only the note pages use.
 */
const SHARED_BY = 4;
/**
 * A module this small (its code after the transforms, in bytes) joins `signed-in` when any two
 * signed-in pages share it: as a file of its own it costs a round trip on one of 6 connections,
 * more than its bytes cost every signed-in page (docs/architecture.md#chunks).
 */
const SMALL_MODULE = 6_000;

/** The names one import asks for: a set, or every export (`*`: a namespace or unknown). */
type Names = Set<string> | '*';
interface Edge {
  target: string;
  names: Names;
}
interface ModuleRecord {
  /** Static imports and `export … from`, resolved. */
  edges: Edge[];
  /** Only re-exports and imports: a barrel, followed name by name. */
  barrel: boolean;
  /** A barrel's re-exports: exported name → where it comes from and under which name. */
  reexports: Map<string, { target: string; name: string }>;
  /** A barrel's `export * from`. */
  star: string[];
  /** The length of its code after the transforms. */
  size: number;
}

interface AstNode {
  type: string;
  [key: string]: unknown;
}
const nameOf = (node: unknown): string => {
  const value = node as { name?: string; value?: string };
  return value.name ?? String(value.value);
};

export function chunkGroups(
  /** Modules in a chunk the entry imports (vite.config.ts's `public` group). */
  loadedWithEntry: (id: string) => boolean = () => false,
): {
  plugin: Plugin;
  signedInChunks: Rolldown.CodeSplittingNameFunction;
} {
  const records = new Map<string, ModuleRecord>();
  const signedInModules = [...signedInRouteModules()];
  const isSignedInRoute = (id: string) => signedInModules.some((module) => id.endsWith(module));
  let rootsOf: Map<string, Set<string> | null> | undefined;

  const plugin: Plugin = {
    name: 'protokoll-chunk-graph',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    async transform(code, id) {
      if (id.startsWith('\0') || !/\.(m?[jt]sx?|cjs)$/.test(id.split('?')[0]!)) return null;
      let program: { body: AstNode[] };
      try {
        program = this.parse(code) as unknown as { body: AstNode[] };
      } catch {
        // Not JavaScript after all: its imports count as wholly used (`edgesOf`).
        return null;
      }
      const record: ModuleRecord = {
        edges: [],
        barrel: true,
        reexports: new Map(),
        star: [],
        size: code.length,
      };
      const resolve = async (source: unknown) =>
        (await this.resolve(String((source as { value: string }).value), id))?.id;
      // Imported bindings, for a barrel that imports and then exports (`import * as A …; export { A }`).
      const bindings = new Map<string, { target: string; name: string }>();
      for (const node of program.body) {
        if (node.type === 'ImportDeclaration') {
          const target = await resolve(node.source);
          if (!target) continue;
          const specifiers = node.specifiers as AstNode[];
          // A bare import runs its module: no barrel.
          if (specifiers.length === 0) record.barrel = false;
          const names: Names = new Set();
          let all = false;
          for (const specifier of specifiers) {
            const local = nameOf(specifier.local);
            if (specifier.type === 'ImportNamespaceSpecifier') {
              all = true;
              bindings.set(local, { target, name: '*' });
            } else if (specifier.type === 'ImportDefaultSpecifier') {
              names.add('default');
              bindings.set(local, { target, name: 'default' });
            } else {
              const imported = nameOf(specifier.imported);
              names.add(imported);
              bindings.set(local, { target, name: imported });
            }
          }
          record.edges.push({ target, names: all ? '*' : names });
        } else if (node.type === 'ExportNamedDeclaration' && node.source) {
          const target = await resolve(node.source);
          if (!target) continue;
          const names = new Set<string>();
          for (const specifier of node.specifiers as AstNode[]) {
            const local = nameOf(specifier.local);
            names.add(local);
            record.reexports.set(nameOf(specifier.exported), { target, name: local });
          }
          record.edges.push({ target, names });
        } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
          for (const specifier of node.specifiers as AstNode[]) {
            const binding = bindings.get(nameOf(specifier.local));
            if (binding) record.reexports.set(nameOf(specifier.exported), binding);
            else record.barrel = false;
          }
        } else if (node.type === 'ExportAllDeclaration') {
          const target = await resolve(node.source);
          if (!target) continue;
          if (node.exported) record.reexports.set(nameOf(node.exported), { target, name: '*' });
          else record.star.push(target);
          record.edges.push({ target, names: '*' });
        } else if (!(node.type === 'ExpressionStatement' && typeof node.directive === 'string')) {
          record.barrel = false;
        }
      }
      records.set(id, record);
      return null;
    },
  };

  function edgesOf(id: string, ctx: Rolldown.ChunkingContext): Edge[] {
    const recorded = records.get(id)?.edges ?? [];
    const known = new Set(recorded.map((edge) => edge.target));
    const info = ctx.getModuleInfo(id);
    // What the record missed (a CommonJS require, a module no parse saw) counts as wholly used.
    const rest = (info?.importedIds ?? [])
      .filter((target) => !known.has(target))
      .map((target) => ({ target, names: '*' as const }));
    return [...recorded, ...rest];
  }

  /** Where a barrel's export `name` comes from: its re-export, or the `export *` modules that have it. */
  function behindName(record: ModuleRecord, name: string, ctx: Rolldown.ChunkingContext): Edge[] {
    const from = record.reexports.get(name);
    if (from)
      return [{ target: from.target, names: from.name === '*' ? '*' : new Set([from.name]) }];
    // Only the module that has the name: `export *` passes on what it exports.
    return record.star
      .filter((star) => {
        const exports = ctx.getModuleInfo(star)?.exports;
        return !exports || exports.includes(name);
      })
      .map((star) => ({ target: star, names: new Set([name]) }));
  }

  /** For every module, the lazily loaded modules that need it; null when the entry does. */
  function computeRoots(ctx: Rolldown.ChunkingContext): Map<string, Set<string> | null> {
    const result = new Map<string, Set<string> | null>();
    const ids = new Set(records.keys());
    const roots: { id: string; entry: boolean }[] = [];
    for (const id of ids) {
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      for (const other of [...info.importedIds, ...info.importers]) ids.add(other);
      if (info.isEntry) roots.push({ id, entry: true });
      else if (info.dynamicImporters.length > 0) roots.push({ id, entry: false });
    }
    for (const root of roots) {
      const reached = new Set<string>();
      const askedOf = new Map<string, Set<string> | '*'>();
      const whole = new Set<string>();
      const stack: Edge[] = [{ target: root.id, names: '*' }];
      while (stack.length > 0) {
        const { target, names } = stack.pop()!;
        const record = records.get(target);
        if (record?.barrel && names !== '*') {
          // A barrel: only what is asked of it, once per name.
          const asked = askedOf.get(target) ?? new Set<string>();
          if (asked === '*') continue;
          askedOf.set(target, asked);
          for (const name of names) {
            if (asked.has(name)) continue;
            asked.add(name);
            stack.push(...behindName(record, name, ctx));
          }
          reached.add(target);
          continue;
        }
        if (whole.has(target)) continue;
        whole.add(target);
        if (record?.barrel) askedOf.set(target, '*');
        reached.add(target);
        for (const edge of edgesOf(target, ctx))
          if (ctx.getModuleInfo(edge.target)) stack.push(edge);
      }
      for (const id of reached) {
        if (root.entry) result.set(id, null);
        else if (result.get(id) !== null) {
          const set = result.get(id) ?? new Set<string>();
          set.add(root.id);
          result.set(id, set);
        }
      }
    }
    return result;
  }

  type Group = 'layout' | 'shared' | 'signed-in' | 'icons' | 'small' | null;
  /** The group by the module's roots alone; `small`: a candidate for `signed-in` by its size. */
  function baseGroup(id: string, ctx: Rolldown.ChunkingContext): Group {
    rootsOf ??= computeRoots(ctx);
    const info = ctx.getModuleInfo(id);
    // The lazily loaded modules themselves keep their own chunks.
    if (!info || info.isEntry || info.dynamicImporters.length > 0) return null;
    if (records.get(id)?.barrel) return null;
    const direct = rootsOf.get(id);
    if (!direct || direct.size === 0) return null;
    // A module signed-in pages use that a lazily loaded part of theirs in the app's routes uses
    // too (the approval chunk of the notes pages) is grouped by those pages alone: the part loads it from
    // their chunk rather than splitting it into a file of its own.
    const partOfPages = (root: string) => {
      if (!APP_ROUTE_PART.test(root)) return false;
      const importers = ctx.getModuleInfo(root)?.dynamicImporters ?? [];
      const owners = importers.flatMap((importer) => [...(rootsOf?.get(importer) ?? [])]);
      return importers.length > 0 && owners.length > 0 && owners.every(isSignedInRoute);
    };
    const pages = [...direct].filter(isSignedInRoute);
    const roots =
      pages.length > 0 && [...direct].every((root) => isSignedInRoute(root) || partOfPages(root))
        ? new Set(pages)
        : direct;
    const kinds = [...roots].map((root) =>
      DEFAULT_LAYOUT.test(root)
        ? 'layout'
        : isSignedInRoute(root)
          ? 'signed-in'
          : PUBLIC_LAYOUT_ROUTE.test(root)
            ? 'public-layout'
            : OUTSIDE_LAYOUT.test(root)
              ? 'outside'
              : 'part',
    );
    // zod and the schemas load with the session chunk, after the first render: a module that
    // imports a schema keeps the default rules, so `layout` and `signed-in` never bring zod to a
    // page that does not use it (docs/architecture.md#chunks).
    if (importsSchemas(id, ctx)) return null;
    if (kinds.includes('outside')) {
      // What the default layout shares with the session chunk, the toasts, the error page or the
      // other account pages in one chunk: every page of the default layout needs all of it, and
      // the sign-in and sign-up pages load none of it before their first input.
      const sharedOutside = [...roots].every(
        (root, index) => kinds[index] !== 'outside' || SHARED_OUTSIDE.test(root),
      );
      return kinds.includes('layout') && sharedOutside ? 'shared' : null;
    }
    // The icons of the default layout's pages in one chunk: a few hundred bytes each, as files
    // of their own they cost a round trip apiece.
    if (LUCIDE_ICON.test(id)) return 'icons';
    if (kinds.includes('layout')) return 'layout';
    // Signed-in pages only: a lazily loaded part may be shown on a public page too (the toasts).
    if (!kinds.every((kind) => kind === 'signed-in')) return null;
    if (roots.size >= SHARED_BY) return 'signed-in';
    return roots.size >= 2 && (records.get(id)?.size ?? Infinity) < SMALL_MODULE ? 'small' : null;
  }

  /** The modules a module uses, barrels followed name by name to the modules behind them. */
  function usedModules(id: string, ctx: Rolldown.ChunkingContext): Set<string> {
    const used = new Set<string>();
    const seen = new Set<string>();
    const stack: Edge[] = [...edgesOf(id, ctx)];
    while (stack.length > 0) {
      const { target, names } = stack.pop()!;
      if (!ctx.getModuleInfo(target)) continue;
      const record = records.get(target);
      if (!record?.barrel) {
        used.add(target);
        continue;
      }
      for (const name of names === '*' ? ['*'] : names) {
        if (seen.has(`${target}\0${name}`)) continue;
        seen.add(`${target}\0${name}`);
        if (name === '*') {
          stack.push(...edgesOf(target, ctx));
          continue;
        }
        stack.push(...behindName(record, name, ctx));
      }
    }
    return used;
  }

  /**
   * Whether a module imports a schema: a name that comes (through the contract's `export *`) from
   * a module importing zod. Module by module the contract's index is no barrel (it builds
   * `endpoints`), so the walks above count all of it as used; here its names are followed.
   */
  function importsSchemas(id: string, ctx: Rolldown.ChunkingContext): boolean {
    const importsZod = (module: string) =>
      (records.get(module)?.edges ?? []).some((edge) => ZOD.test(edge.target));
    return (records.get(id)?.edges ?? []).some(({ target, names }) => {
      if (importsZod(target)) return true;
      const record = records.get(target);
      if (!record || names === '*' || record.star.length === 0) return false;
      return [...names].some((name) =>
        behindName(record, name, ctx).some((edge) => importsZod(edge.target)),
      );
    });
  }

  /**
   * The small modules that join `signed-in`: only those whose every import is loaded anyway by
   * a signed-in page (the entry's modules, `layout`, `signed-in`, another joining module, or what
   * `loadedWithEntry` names); one that imports anything else would make every signed-in page
   * load that too.
   */
  let small: Set<string> | undefined;
  function smallModules(ctx: Rolldown.ChunkingContext): Set<string> {
    // Each module's group once: the loop below asks again for every import on every pass.
    const groups = new Map<string, Group>();
    const groupOf = (id: string): Group => {
      if (!groups.has(id)) groups.set(id, baseGroup(id, ctx));
      return groups.get(id)!;
    };
    const candidates = new Set([...rootsOf!.keys()].filter((id) => groupOf(id) === 'small'));
    const uses = new Map([...candidates].map((id) => [id, usedModules(id, ctx)]));
    // In a named chunk (`layout`, `shared`, `icons`, `signed-in`) or another joining module.
    const loaded = (id: string) =>
      candidates.has(id) ||
      rootsOf!.get(id) === null ||
      loadedWithEntry(id) ||
      (groupOf(id) !== null && groupOf(id) !== 'small');
    for (let changed = true; changed;) {
      changed = false;
      for (const id of candidates)
        if (![...uses.get(id)!].every(loaded)) {
          candidates.delete(id);
          changed = true;
        }
    }
    return candidates;
  }

  const signedInChunks: Rolldown.CodeSplittingNameFunction = (id, ctx) => {
    const group = baseGroup(id, ctx);
    if (group !== 'small') return group;
    small ??= smallModules(ctx);
    return small.has(id) ? 'signed-in' : null;
  };

  return { plugin, signedInChunks };
}
