import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateTemplateBody,
  UpdateTemplateBody,
  type FailureText,
  type FieldIssue,
  type Template,
} from '@protokoll/contract';
import { ArrowDown, ArrowUp, Pencil, Plus, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/alert-dialog.tsx';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
  useServerFieldErrors,
} from '../../components/form.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/select.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { Textarea } from '../../components/textarea.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import { useAction, type ActionResult } from '../../widgets/action.ts';

export interface TemplatesScreenProps {
  /** `loading` until the list is in, `error` when it could not be loaded. */
  status: 'loading' | 'error' | 'ready';
  /** Why loading failed. */
  error?: FailureText | undefined;
  /** Built-in templates first, then the user's own. */
  templates: readonly Template[];
  /** The template upload preselects. */
  defaultTemplate: Template['id'];
  /** Load the list again. */
  onRetry: () => void;
  /** Make a new own template from `from`; a promise keeps the form busy until it settles. */
  onCreate: (body: CreateTemplateBody) => ActionResult;
  /** Save an own template's name and sections. */
  onSave: (id: number, body: UpdateTemplateBody) => ActionResult;
  /** Delete an own template (after its confirmation). */
  onDelete: (id: number) => ActionResult;
  /** Make a template the default. */
  onSetDefault: (id: Template['id']) => ActionResult;
  /** A 422's issues of the last save or create, put on their fields. */
  fieldErrors?: FieldIssue[] | undefined;
  /** Start with this own template's editor open (stories). */
  initialEditing?: number | undefined;
}

/**
 * Einstellungen → Vorlagen: the built-in templates and the user's own ones, the default, a new
 * template from any of them, and the editor of an own one (docs/product.md#summary-templates).
 */
export function TemplatesScreen({
  status,
  error,
  templates,
  defaultTemplate,
  onRetry,
  onCreate,
  onSave,
  onDelete,
  onSetDefault,
  fieldErrors,
  initialEditing,
}: TemplatesScreenProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const titleId = useId();
  const [editing, setEditing] = useState<number | undefined>(initialEditing);
  const edited = templates.find((template) => template.id === editing);
  const action = useAction();

  return (
    <div data-slot="templates-screen" className="grid gap-6">
      <Card role="region" aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={titleId}>{t('settings.templates.title')}</h2>
          </CardTitle>
          <CardDescription>{t('settings.templates.description')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {status === 'loading' ? (
            <div
              role="status"
              className="grid gap-2"
              aria-busy="true"
              aria-label={t('settings.templates.loading')}
            >
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
            </div>
          ) : status === 'error' ? (
            <Alert
              variant="danger"
              title={t('settings.templates.loadFailed')}
              description={failureText(error, 'settings.templates.loadFailed')}
            >
              <Button variant="outline" size="sm" onClick={onRetry}>
                {t('settings.templates.retry')}
              </Button>
            </Alert>
          ) : (
            <>
              {action.error ? (
                <Alert
                  variant="danger"
                  description={failureText(action.error, 'settings.templates.failed')}
                />
              ) : null}
              <ul
                aria-label={t('settings.templates.title')}
                className="grid divide-y divide-border rounded-md border border-border"
              >
                {templates.map((template) => (
                  <TemplateRow
                    key={template.id}
                    template={template}
                    isDefault={template.id === defaultTemplate}
                    busy={action.pending}
                    onEdit={() => setEditing(Number(template.id))}
                    onSetDefault={() => void action.run(() => onSetDefault(template.id))}
                    onDelete={() =>
                      action.run(
                        () => onDelete(Number(template.id)),
                        () => editing === template.id && setEditing(undefined),
                      )
                    }
                  />
                ))}
              </ul>
              {templates.every((template) => template.built_in) ? (
                <p className="text-sm text-muted-foreground">{t('settings.templates.noOwn')}</p>
              ) : null}
              <CreateTemplateForm
                templates={templates}
                onCreate={onCreate}
                fieldErrors={fieldErrors}
              />
            </>
          )}
        </CardContent>
      </Card>
      {status === 'ready' && edited && !edited.built_in ? (
        <TemplateEditor
          key={edited.id}
          template={edited}
          onSave={(body) => onSave(Number(edited.id), body)}
          onClose={() => setEditing(undefined)}
          fieldErrors={fieldErrors}
        />
      ) : null}
    </div>
  );
}

interface TemplateRowProps {
  template: Template;
  isDefault: boolean;
  busy: boolean;
  onEdit: () => void;
  onSetDefault: () => void;
  onDelete: () => ActionResult;
}

function TemplateRow({
  template,
  isDefault,
  busy,
  onEdit,
  onSetDefault,
  onDelete,
}: TemplateRowProps) {
  const { t } = useTranslation();
  const sections = template.sections
    .filter((section) => section.included)
    .map((section) => section.heading)
    .join(' · ');
  return (
    <li data-slot="template-row" className="flex flex-wrap items-center gap-3 p-3">
      <div className="grid min-w-48 flex-1 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-medium wrap-break-word">
          {template.name}
          {isDefault ? <Badge>{t('settings.templates.default')}</Badge> : null}
          {template.built_in ? (
            <Badge variant="neutral">{t('settings.templates.builtIn')}</Badge>
          ) : null}
        </span>
        <span className="text-sm text-muted-foreground wrap-break-word">{sections}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        {isDefault ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={onSetDefault}
            aria-label={`${t('settings.templates.setDefault')}: ${template.name}`}
          >
            <Star aria-hidden />
            {t('settings.templates.setDefault')}
          </Button>
        )}
        {template.built_in ? null : (
          <>
            <Button
              variant="outline"
              size="sm"
              onClick={onEdit}
              aria-label={`${t('settings.templates.edit')}: ${template.name}`}
            >
              <Pencil aria-hidden />
              {t('settings.templates.edit')}
            </Button>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`${t('settings.templates.delete')}: ${template.name}`}
                >
                  <Trash2 aria-hidden />
                  {t('settings.templates.delete')}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>
                    {t('settings.templates.deleteTitle', { name: template.name })}
                  </AlertDialogTitle>
                  <AlertDialogDescription>
                    {t('settings.templates.deleteDescription')}
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>{t('settings.templates.cancel')}</AlertDialogCancel>
                  <AlertDialogAction variant="danger" onClick={() => void onDelete()}>
                    {t('settings.templates.deleteConfirm')}
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        )}
      </div>
    </li>
  );
}

function CreateTemplateForm({
  templates,
  onCreate,
  fieldErrors,
}: Pick<TemplatesScreenProps, 'templates' | 'onCreate' | 'fieldErrors'>) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const action = useAction();
  const form = useForm({
    resolver: zodResolver(CreateTemplateBody),
    defaultValues: { name: '', from: templates[0]?.id ?? 'minutes' },
  });
  useServerFieldErrors(form.setError, fieldErrors, ['name', 'from']);
  return (
    <Form {...form}>
      <form
        data-slot="create-template"
        noValidate
        aria-label={t('settings.templates.create')}
        className="grid gap-3 rounded-md border border-dashed border-border p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        onSubmit={form.handleSubmit((body) =>
          action.run(
            () => onCreate(body),
            () => form.reset({ name: '', from: body.from }),
          ),
        )}
      >
        <TextFormField name="name" label={t('settings.templates.name')} maxLength={80} />
        <FormField
          name="from"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('settings.templates.from')}</FormLabel>
              <Select
                value={String(field.value)}
                onValueChange={(value) => field.onChange(toRef(value))}
              >
                <FormControl>
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {templates.map((template) => (
                    <SelectItem key={template.id} value={String(template.id)}>
                      {template.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="sm:mt-6" disabled={action.pending}>
          <Plus aria-hidden />
          {t('settings.templates.create')}
        </Button>
        {action.error ? (
          <Alert
            className="sm:col-span-3"
            variant="danger"
            description={failureText(action.error, 'settings.templates.failed')}
          />
        ) : null}
      </form>
    </Form>
  );
}

/** A select's value back to a template id: a number for an own template. */
function toRef(value: string): Template['id'] {
  return /^\d+$/.test(value) ? Number(value) : (value as Template['id']);
}

interface TemplateEditorProps {
  template: Template;
  onSave: (body: UpdateTemplateBody) => ActionResult;
  onClose: () => void;
  fieldErrors?: FieldIssue[] | undefined;
}

/** An own template's name and sections: include or leave out, heading, instructions, order. */
function TemplateEditor({ template, onSave, onClose, fieldErrors }: TemplateEditorProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const titleId = useId();
  const action = useAction();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    resolver: zodResolver(UpdateTemplateBody),
    defaultValues: { name: template.name, sections: template.sections },
  });
  // The sections are a fixed list that only changes order: kept with setValue rather than
  // useFieldArray, whose code would go into the chunk the sign-in page shares with this screen.
  const sections = useWatch({ control: form.control, name: 'sections' });
  const move = (from: number, to: number) => {
    const next = [...sections];
    next.splice(to, 0, ...next.splice(from, 1));
    form.setValue('sections', next, { shouldDirty: true });
    setSaved(false);
  };
  useServerFieldErrors(form.setError, fieldErrors, ['name', 'sections']);
  const sectionsError =
    form.formState.errors.sections?.root?.message ?? form.formState.errors.sections?.message;
  return (
    <Card role="region" aria-labelledby={titleId} data-slot="template-editor">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('settings.templates.editTitle', { name: template.name })}</h2>
        </CardTitle>
        <CardDescription>{t('settings.templates.editDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onChange={() => setSaved(false)}
            onSubmit={form.handleSubmit((body) =>
              action.run(
                () => onSave(body),
                () => setSaved(true),
              ),
            )}
          >
            <TextFormField name="name" label={t('settings.templates.name')} maxLength={80} />
            <ol className="grid gap-3" aria-label={t('settings.templates.sections')}>
              {sections.map((section, index) => {
                const heading =
                  section.heading ||
                  template.sections.find((saved) => saved.key === section.key)?.heading;
                return (
                  <li
                    key={section.key}
                    data-slot="template-section"
                    className="grid gap-3 rounded-md border border-border p-3"
                  >
                    <div className="flex flex-wrap items-center gap-3">
                      <FormField
                        name={`sections.${index}.included`}
                        render={({ field: included }) => (
                          <FormItem orientation="horizontal" className="flex-1">
                            <FormControl>
                              <Checkbox
                                checked={included.value}
                                onCheckedChange={(checked) => included.onChange(checked === true)}
                              />
                            </FormControl>
                            <FormLabel>{t('settings.templates.included', { heading })}</FormLabel>
                          </FormItem>
                        )}
                      />
                      <IconButton
                        variant="outline"
                        size="sm"
                        label={t('settings.templates.moveUp', { heading })}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden />
                      </IconButton>
                      <IconButton
                        variant="outline"
                        size="sm"
                        label={t('settings.templates.moveDown', { heading })}
                        disabled={index === sections.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden />
                      </IconButton>
                    </div>
                    <TextFormField
                      name={`sections.${index}.heading`}
                      label={t('settings.templates.heading')}
                      maxLength={80}
                    />
                    <FormField
                      name={`sections.${index}.instructions`}
                      render={({ field: instructions }) => (
                        <FormItem>
                          <FormLabel optional>{t('settings.templates.instructions')}</FormLabel>
                          <FormControl>
                            <Textarea rows={2} maxLength={1000} {...instructions} />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                  </li>
                );
              })}
            </ol>
            {sectionsError ? (
              <Alert
                variant="danger"
                description={t(sectionsError as 'settings.templates.failed')}
              />
            ) : null}
            {action.error ? (
              <Alert
                variant="danger"
                description={failureText(action.error, 'settings.templates.failed')}
              />
            ) : null}
            {saved ? <Alert variant="success" description={t('settings.templates.saved')} /> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={action.pending}>
                {t('settings.templates.save')}
              </Button>
              <Button type="button" variant="outline" onClick={onClose}>
                {t('settings.templates.close')}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
