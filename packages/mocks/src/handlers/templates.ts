import {
  builtInTemplate,
  ErrorCode,
  NoteStructure,
  sectionsRefusal,
  templateEndpoints,
  type Template,
} from '@protokoll/contract';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';
import { errorResponse, notFound } from '../respond.ts';

const refuse = (path: string, message: string) =>
  errorResponse(422, ErrorCode.VALIDATION, 'Invalid input data', [{ path, message }]);

const e = templateEndpoints;

/** The templates of the mock server: the user's own ones and the default. */
export interface TemplateStore {
  own: Template[];
  defaultTemplate: Template['id'];
  nextId: number;
}

/** "Kundengespräch" from the Ergebnisprotokoll: decisions renamed, topics left out. */
export function customerTemplate(): Template {
  const base = builtInTemplate('minutes', 'de');
  return {
    ...base,
    id: 41,
    name: 'Kundengespräch',
    built_in: false,
    updated_at: '2026-11-30T09:00:00.000Z',
    sections: base.sections.map((section) =>
      section.key === 'decisions'
        ? {
            ...section,
            heading: 'Vereinbarungen',
            instructions: 'Nur was mit dem Kunden fest vereinbart wurde, mit Preis und Termin.',
          }
        : section.key === 'topics'
          ? { ...section, included: false }
          : section,
    ),
  };
}

export function createTemplateStore(overrides: Partial<TemplateStore> = {}): TemplateStore {
  return { own: [customerTemplate()], defaultTemplate: 41, nextId: 200, ...overrides };
}

const locale = (request: Request) =>
  (request.headers.get('Accept-Language') ?? 'de').startsWith('en') ? 'en' : 'de';

/** Handlers of the templates resource; own names are unique regardless of case. */
export function createTemplateHandlers(
  store: TemplateStore = createTemplateStore(),
  options: HandleOptions = {},
) {
  const list = (request: Request) => ({
    success: true,
    templates: [
      ...NoteStructure.options.map((structure) => builtInTemplate(structure, locale(request))),
      ...[...store.own].sort((a, b) => a.name.localeCompare(b.name, 'de')),
    ],
    default_template: store.defaultTemplate,
  });
  const find = (id: Template['id'], request: Request) =>
    typeof id === 'string'
      ? builtInTemplate(id, locale(request))
      : store.own.find((template) => template.id === id);
  const taken = (name: string, except?: Template['id']) =>
    store.own.some(
      (template) =>
        template.id !== except &&
        template.name.toLocaleLowerCase('de') === name.toLocaleLowerCase('de'),
    );
  return [
    handle(e.listTemplates, ({ request }) => reply(e.listTemplates, list(request)), options),
    handle(
      e.createTemplate,
      ({ body, request }) => {
        const from = find(body.from, request);
        if (!from) return refuse('from', 'uploads.templateNotFound');
        if (taken(body.name)) {
          return refuse('name', 'settings.templates.errors.nameTaken');
        }
        const template: Template = {
          ...structuredClone(from),
          id: store.nextId++,
          name: body.name,
          built_in: false,
          updated_at: new Date().toISOString(),
        };
        store.own.push(template);
        return reply(e.createTemplate, { success: true, template });
      },
      options,
    ),
    handle(
      e.setDefaultTemplate,
      ({ body, request }) => {
        if (!find(body.template, request)) {
          return refuse('template', 'uploads.templateNotFound');
        }
        store.defaultTemplate = body.template;
        return reply(e.setDefaultTemplate, list(request));
      },
      options,
    ),
    handle(
      e.updateTemplate,
      ({ params, body }) => {
        const template = store.own.find((t) => t.id === params.id);
        if (!template) return notFound();
        const refusal = sectionsRefusal(template.structure, body.sections);
        if (refusal) return refuse('sections', refusal);
        if (taken(body.name, template.id)) {
          return refuse('name', 'settings.templates.errors.nameTaken');
        }
        Object.assign(template, body, { updated_at: new Date().toISOString() });
        return reply(e.updateTemplate, { success: true, template });
      },
      options,
    ),
    handle(
      e.deleteTemplate,
      ({ params }) => {
        const index = store.own.findIndex((t) => t.id === params.id);
        if (index < 0) return notFound();
        store.own.splice(index, 1);
        if (store.defaultTemplate === params.id) store.defaultTemplate = 'minutes';
        return reply(e.deleteTemplate, { success: true });
      },
      options,
    ),
  ];
}

export const templateHandlers = createTemplateHandlers();

/** Named templates scenarios (the `templates` key). */
export const templates = {
  default: () => templateHandlers,
  /** Only the built-in templates, the Ergebnisprotokoll as default. */
  builtInOnly: () =>
    createTemplateHandlers(createTemplateStore({ own: [], defaultTemplate: 'minutes' })),
  /** Loading the list fails with `status`. */
  failing: (status = 500) => [
    failWith(e.listTemplates, status, ErrorCode.SERVER),
    ...createTemplateHandlers(),
  ],
  slow: (ms = 3_000) => createTemplateHandlers(createTemplateStore(), { latency: ms }),
  /** Saving fails: every change answers `status`. */
  mutationsFailing: (status = 500) => [
    failWith(e.createTemplate, status, ErrorCode.SERVER),
    failWith(e.updateTemplate, status, ErrorCode.SERVER),
    failWith(e.deleteTemplate, status, ErrorCode.SERVER),
    failWith(e.setDefaultTemplate, status, ErrorCode.SERVER),
    ...createTemplateHandlers(),
  ],
};
