/*
 * The reader's summary while it is edited by hand (docs/product.md#editing-the-summary): the
 * overview and each topic, decision and action item can be changed in place, added, deleted (with
 * undo) and moved up or down by buttons; an action item has its done box, its owner field suggests
 * the note's named speakers. Changes show at once and are sent one after another, each on the
 * version the one before produced. Loaded on first use (note-reader.tsx): the notes pages' first
 * script does not carry it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ErrorCode,
  formalPartOf,
  SUMMARY_LISTS,
  SummaryItemInput,
  type FailureText,
  type NoteDetail,
  type Summary,
  type SummaryActionItem,
  type SummaryChangeParsed,
  type SummaryDecision,
  type SummaryList,
  type SummaryTopic,
} from '@protokoll/contract';
import { applySummaryChange } from '@protokoll/contract/summary-edit-rules';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
} from '../../components/form.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import { asFailureText } from './action.ts';
import { textareaLook } from '../../lib/edit-looks.ts';
import { HeadEditing } from './head-editing.tsx';

export type SummaryEdit = SummaryChangeParsed;

export interface SummaryEditorProps {
  /** The finished note with its summary, speaker names and `summary_edit_version`. */
  note: NoteDetail;
  /**
   * Store a change made on `baseVersion`; resolves with the note as stored. A rejection with
   * `{ code: 'conflict' }` means another tab changed the summary first.
   */
  onEdit: (change: SummaryEdit, baseVersion: number) => Promise<NoteDetail>;
  /** Load the note again (after another tab changed it). */
  onReload?: (() => void) | undefined;
  /** "Bearbeiten beenden": back to the reading view. */
  onClose: () => void;
  /** Opens this item's form at once (stories: the form state). */
  initialOpen?: OpenForm | undefined;
}

/** Which form is open: the overview's, an item's, or a new item's at the end of a list. */
export type OpenForm =
  | { kind: 'overview' }
  | { kind: 'item'; list: SummaryList; index: number }
  | { kind: 'new'; list: SummaryList };

type AnyItem = SummaryTopic | SummaryDecision | SummaryActionItem;

const versionOf = (note: Pick<NoteDetail, 'summary_edit_version'>) =>
  note.summary_edit_version ?? 0;

interface Queued {
  id: number;
  change: SummaryEdit;
}

/** The changes on their way, shown at once; a failed one stops the rest until retried or given up. */
export function useSummaryEditing({ note, onEdit }: Pick<SummaryEditorProps, 'note' | 'onEdit'>) {
  const [queue, setQueue] = useState<Queued[]>([]);
  const [confirmed, setConfirmed] = useState<{ summary: Summary; version: number } | null>(null);
  const [failure, setFailure] = useState<FailureText | null>(null);
  const [saved, setSaved] = useState<'saving' | 'saved' | null>(null);
  const sending = useRef<number | null>(null);
  const nextId = useRef(1);

  const base =
    confirmed && confirmed.version > versionOf(note)
      ? confirmed
      : { summary: note.summary!, version: versionOf(note) };
  const summary = queue.reduce<Summary>((shown, queued) => {
    const edit = applySummaryChange(shown, queued.change);
    return edit.ok ? edit.summary : shown;
  }, base.summary);

  const first = queue[0];
  useEffect(() => {
    if (!first || failure || sending.current !== null) return;
    sending.current = first.id;
    setSaved('saving');
    onEdit(first.change, base.version).then(
      (stored) => {
        sending.current = null;
        if (stored.summary) setConfirmed({ summary: stored.summary, version: versionOf(stored) });
        setQueue((list) => list.filter((queued) => queued.id !== first.id));
        setSaved('saved');
      },
      (reason: unknown) => {
        sending.current = null;
        setFailure(asFailureText(reason));
        setSaved(null);
      },
    );
  }, [first, failure, base.version, onEdit]);

  const save = useCallback((change: SummaryEdit) => {
    setQueue((list) => [...list, { id: nextId.current++, change }]);
  }, []);
  return {
    summary,
    failure,
    conflict: failure !== null && 'code' in failure && failure.code === ErrorCode.CONFLICT,
    saved,
    save,
    retry: () => setFailure(null),
    discard: () => {
      setQueue([]);
      setFailure(null);
    },
  };
}

/** The text an item is named by in its buttons' names, shortened. */
function itemName(item: AnyItem): string {
  const text = 'title' in item ? item.title : 'task' in item ? item.task : item.text;
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** An item as the form reads it. */
function inputOf(
  list: SummaryList,
  item?: AnyItem,
  ownerName: (owner: string) => string = (owner) => owner,
): SummaryItemInput {
  if (list === 'topics') {
    const topic = item as SummaryTopic | undefined;
    return { list, title: topic?.title ?? '', text: topic?.text ?? '' };
  }
  if (list === 'decisions')
    return { list, text: (item as SummaryDecision | undefined)?.text ?? '' };
  const task = item as SummaryActionItem | undefined;
  return {
    list,
    task: task?.task ?? '',
    owner: task?.owner ? ownerName(task.owner) : '',
    due: task?.due ?? '',
  };
}

const listTitle = {
  topics: 'reader.summary.topics',
  decisions: 'reader.summary.decisions',
  action_items: 'reader.summary.actionItems',
} as const;

/** The summary in edit mode: overview and the three lists, with the changes' state above. */
export function SummaryEditor({
  note,
  onEdit,
  onReload,
  onClose,
  initialOpen,
}: SummaryEditorProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const editor = useSummaryEditing({ note, onEdit });
  const [open, setOpen] = useState<OpenForm | null>(initialOpen ?? null);
  const [deleted, setDeleted] = useState<{
    list: SummaryList;
    index: number;
    item: AnyItem;
  } | null>(null);
  const focusKey = useRef<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const ownersId = useId();
  const headingId = useId();
  const { summary } = editor;
  const blocked = editor.failure !== null;
  const formal = formalPartOf(summary);

  // After a move, a closed form or an undo, the focus goes where the person continues.
  useEffect(() => {
    if (focusKey.current === null) return;
    const target = root.current?.querySelector<HTMLElement>(`[data-focus="${focusKey.current}"]`);
    if (target) {
      focusKey.current = null;
      target.focus();
    }
  });

  const change = (edit: SummaryEdit, focus?: string) => {
    if (blocked) return;
    if (focus) focusKey.current = focus;
    setDeleted(null);
    editor.save(edit);
  };
  // An owner the model wrote as a speaker label (`S2`) reads as that speaker's name.
  const ownerName = (owner: string) => note.speaker_names[owner]?.trim() || owner;
  const owners = [
    ...new Set(
      Object.values(note.speaker_names)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];

  const submitItem = (form: OpenForm, input: SummaryItemInput) => {
    const parsed = SummaryItemInput.parse(input);
    if (form.kind === 'item') {
      change({ type: 'edit', index: form.index, item: parsed }, `${form.list}:${form.index}:edit`);
    } else if (form.kind === 'new') {
      const index = summary[form.list].length;
      change({ type: 'add', index, item: parsed }, `${form.list}:${index}:edit`);
    }
    setOpen(null);
  };

  return (
    <section
      ref={root}
      data-slot="summary-editor"
      aria-labelledby={headingId}
      className="grid grid-cols-[minmax(0,1fr)] gap-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="text-lg font-semibold text-foreground">
          {t('reader.summary.title')}
        </h2>
        <Button variant="primary" size="sm" aria-pressed onClick={onClose}>
          <Pencil aria-hidden />
          {t('noteTools.summary.stop')}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {deleted ? (
          <span className="flex flex-wrap items-center gap-2">
            {t('noteTools.summary.deleted', { item: itemName(deleted.item) })}
            <Button
              size="sm"
              variant="outline"
              data-focus="undo-delete"
              onClick={() => {
                const { list, index, item } = deleted;
                const done = 'done' in item && item.done ? { done: true } : {};
                change(
                  {
                    type: 'add',
                    index,
                    item: SummaryItemInput.parse(inputOf(list, item)),
                    start: item.start,
                    ...done,
                  },
                  `${list}:${index}:edit`,
                );
              }}
            >
              {t('noteTools.edit.undo')}
            </Button>
          </span>
        ) : editor.saved ? (
          t(`noteTools.edit.${editor.saved}`)
        ) : null}
      </p>
      {editor.conflict ? (
        <Alert variant="warning" description={t('errors.conflict')}>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              editor.discard();
              onReload?.();
            }}
          >
            {t('noteTools.edit.reload')}
          </Button>
        </Alert>
      ) : editor.failure ? (
        <Alert
          variant="danger"
          description={
            failureText(editor.failure, 'noteTools.edit.failed') ?? t('noteTools.edit.failed')
          }
        >
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={editor.retry}>
              {t('noteTools.edit.retry')}
            </Button>
            <Button size="sm" variant="ghost" onClick={editor.discard}>
              {t('noteTools.edit.cancel')}
            </Button>
          </div>
        </Alert>
      ) : null}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-1">
        <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {t('reader.summary.overview')}
        </h3>
        {open?.kind === 'overview' ? (
          <OverviewForm
            text={summary.overview}
            onCancel={() => {
              focusKey.current = 'overview';
              setOpen(null);
            }}
            onSave={(text) => {
              if (text !== summary.overview) change({ type: 'overview', text }, 'overview');
              else focusKey.current = 'overview';
              setOpen(null);
            }}
          />
        ) : (
          <div className="flex items-start gap-2">
            <p className="min-w-0 flex-1 leading-relaxed wrap-break-word text-foreground">
              {summary.overview}
              {summary.overview_edited ? <EditedMark /> : null}
            </p>
            <IconButton
              size="sm"
              label={t('noteTools.summary.editOverview')}
              data-focus="overview"
              onClick={() => !blocked && setOpen({ kind: 'overview' })}
            >
              <Pencil />
            </IconButton>
          </div>
        )}
      </div>

      {formal ? (
        <HeadEditing
          structure={formal.structure}
          head={formal.formal.head}
          blocked={blocked}
          onSave={(head) => change({ type: 'head', head })}
        />
      ) : null}

      {/* Formal minutes: their topics and resolutions are the agenda items' (not edited here). */}
      {(formal ? (['action_items'] as const) : SUMMARY_LISTS).map((list) => {
        const items: AnyItem[] = summary[list];
        return (
          <div key={list} data-slot="summary-list" data-list={list} className="grid gap-1">
            <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
              {t(listTitle[list])}
            </h3>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-1">
              {items.map((item, index) => {
                const name = itemName(item);
                const key = `${list}:${index}`;
                if (open?.kind === 'item' && open.list === list && open.index === index) {
                  return (
                    <li key={key}>
                      <ItemForm
                        value={inputOf(list, item, ownerName)}
                        ownersId={ownersId}
                        onCancel={() => {
                          focusKey.current = `${key}:edit`;
                          setOpen(null);
                        }}
                        onSave={(input) => submitItem(open, input)}
                      />
                    </li>
                  );
                }
                const task = list === 'action_items' ? (item as SummaryActionItem) : null;
                return (
                  <li
                    key={key}
                    data-slot="summary-item"
                    data-done={task?.done ? 'true' : undefined}
                    className="flex items-start gap-2 rounded-md px-1 py-1 hover:bg-muted"
                  >
                    {task ? (
                      <Checkbox
                        className="mt-1"
                        aria-label={t('noteTools.summary.markDone', { item: name })}
                        checked={!!task.done}
                        data-focus={`${key}:done`}
                        onCheckedChange={(checked) =>
                          change({ type: 'done', index, done: checked === true }, `${key}:done`)
                        }
                      />
                    ) : null}
                    <ItemText item={item} done={!!task?.done} ownerName={ownerName} />
                    <div className="flex shrink-0">
                      <IconButton
                        size="sm"
                        label={t('noteTools.summary.edit', { item: name })}
                        data-focus={`${key}:edit`}
                        onClick={() => !blocked && setOpen({ kind: 'item', list, index })}
                      >
                        <Pencil />
                      </IconButton>
                      <IconButton
                        size="sm"
                        label={t('noteTools.summary.moveUp', { item: name })}
                        aria-disabled={index === 0 || undefined}
                        className="aria-disabled:opacity-50"
                        data-focus={`${key}:up`}
                        onClick={() =>
                          index > 0 &&
                          change(
                            { type: 'move', list, from: index, to: index - 1 },
                            `${list}:${index - 1}:up`,
                          )
                        }
                      >
                        <ArrowUp />
                      </IconButton>
                      <IconButton
                        size="sm"
                        label={t('noteTools.summary.moveDown', { item: name })}
                        aria-disabled={index === items.length - 1 || undefined}
                        className="aria-disabled:opacity-50"
                        data-focus={`${key}:down`}
                        onClick={() =>
                          index < items.length - 1 &&
                          change(
                            { type: 'move', list, from: index, to: index + 1 },
                            `${list}:${index + 1}:down`,
                          )
                        }
                      >
                        <ArrowDown />
                      </IconButton>
                      <IconButton
                        size="sm"
                        label={t('noteTools.summary.delete', { item: name })}
                        onClick={() => {
                          if (blocked) return;
                          change({ type: 'delete', list, index }, 'undo-delete');
                          setDeleted({ list, index, item });
                        }}
                      >
                        <Trash2 />
                      </IconButton>
                    </div>
                  </li>
                );
              })}
            </ul>
            {open?.kind === 'new' && open.list === list ? (
              <ItemForm
                value={inputOf(list)}
                ownersId={ownersId}
                title={t(`noteTools.summary.add.${list}`)}
                onCancel={() => {
                  focusKey.current = `add:${list}`;
                  setOpen(null);
                }}
                onSave={(input) => submitItem(open, input)}
              />
            ) : (
              <div>
                <Button
                  variant="ghost"
                  size="sm"
                  data-focus={`add:${list}`}
                  onClick={() => !blocked && setOpen({ kind: 'new', list })}
                >
                  <Plus aria-hidden />
                  {t(`noteTools.summary.add.${list}`)}
                </Button>
              </div>
            )}
          </div>
        );
      })}
      <datalist id={ownersId}>
        {owners.map((owner) => (
          <option key={owner} value={owner} />
        ))}
      </datalist>
    </section>
  );
}

function EditedMark() {
  const { t } = useTranslation();
  return (
    <span
      data-slot="edited-mark"
      className="ml-1 inline-block rounded-sm bg-muted px-1.5 text-xs font-medium text-muted-foreground"
    >
      {t('noteTools.summary.edited')}
    </span>
  );
}

function ItemText({
  item,
  done,
  ownerName,
}: {
  item: AnyItem;
  done: boolean;
  ownerName: (owner: string) => string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const main = 'title' in item ? item.title : 'task' in item ? item.task : item.text;
  const task = 'task' in item ? item : null;
  return (
    <div className="min-w-0 flex-1 py-1 text-sm">
      <span
        className={cn('font-medium wrap-break-word', done && 'text-muted-foreground line-through')}
      >
        {main}
      </span>
      {item.edited ? <EditedMark /> : null}
      {'title' in item && item.text ? (
        <span className="block text-muted-foreground wrap-break-word">{item.text}</span>
      ) : null}
      {task && (task.owner || task.due) ? (
        <span className="block text-muted-foreground wrap-break-word">
          {[
            task.owner ? t('reader.summary.owner', { owner: ownerName(task.owner) }) : null,
            task.due ? t('reader.summary.due', { due: format.day(task.due) }) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Textarea's look on a plain `<textarea>`: importing components/textarea.tsx here as well would
 * split it into a chunk of its own, one more file and entry bytes on the sign-in page's budget
 * (docs/decisions/017-summary-editing.md). Keep in step with components/textarea.tsx.
 */

/**
 * Escape anywhere in the form cancels it (Enter in a one-line field saves it: the form's submit).
 * A listener on the form element, as the keys belong to its fields.
 */
function useEscape(cancel: () => void) {
  const form = useRef<HTMLFormElement>(null);
  const latest = useRef(cancel);
  useEffect(() => {
    latest.current = cancel;
  });
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      latest.current();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, []);
  return form;
}

function OverviewForm({
  text,
  onSave,
  onCancel,
}: {
  text: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(text);
  const id = useId();
  const form = useEscape(onCancel);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <form
      ref={form}
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(value.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('reader.summary.overview')}
      </label>
      <textarea
        data-slot="textarea"
        className={textareaLook}
        ref={field}
        id={id}
        rows={5}
        value={value}
        maxLength={10_000}
        onChange={(event) => setValue(event.target.value)}
      />
      <FormButtons onCancel={onCancel} />
    </form>
  );
}

function FormButtons({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
        {t('noteTools.edit.cancel')}
      </Button>
      <Button type="submit" size="sm">
        {t('noteTools.edit.save')}
      </Button>
    </div>
  );
}

interface ItemFormProps {
  value: SummaryItemInput;
  /** The datalist of the note's named speakers, for the owner field. */
  ownersId: string;
  /** A heading for a new item's form. */
  title?: string;
  onSave: (input: SummaryItemInput) => void;
  onCancel: () => void;
}

/** One item's fields, checked with the contract's schema; Enter saves, Escape cancels. */
function ItemForm({ value, ownersId, title, onSave, onCancel }: ItemFormProps) {
  const { t } = useTranslation();
  const form = useForm<SummaryItemInput>({
    resolver: zodResolver(SummaryItemInput) as never,
    defaultValues: value,
  });
  const element = useEscape(onCancel);
  useEffect(() => {
    form.setFocus(value.list === 'topics' ? 'title' : value.list === 'decisions' ? 'text' : 'task');
  }, [form, value.list]);
  return (
    <Form {...form}>
      <form
        noValidate
        data-slot="summary-item-form"
        ref={element}
        aria-label={title}
        onSubmit={(event) => void form.handleSubmit(() => onSave(form.getValues()))(event)}
        className="grid gap-3 rounded-md border border-primary/40 bg-surface p-3 shadow-xs"
      >
        {title ? <p className="text-sm font-semibold">{title}</p> : null}
        {value.list === 'topics' ? (
          <>
            <TextFormField
              name="title"
              label={t('noteTools.summary.field.title')}
              maxLength={1000}
            />
            <FormField
              name="text"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('noteTools.summary.field.text')}</FormLabel>
                  <FormControl>
                    <textarea
                      data-slot="textarea"
                      className={textareaLook}
                      rows={2}
                      maxLength={4000}
                      {...field}
                      value={field.value ?? ''}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </>
        ) : value.list === 'decisions' ? (
          <TextFormField
            name="text"
            label={t('noteTools.summary.field.decision')}
            maxLength={1000}
          />
        ) : (
          <>
            <TextFormField name="task" label={t('noteTools.summary.field.task')} maxLength={1000} />
            <div className="grid gap-3 sm:grid-cols-2">
              <TextFormField
                name="owner"
                label={t('noteTools.summary.field.owner')}
                description={t('noteTools.summary.ownerHint')}
                list={ownersId}
                autoComplete="off"
                maxLength={100}
              />
              <TextFormField
                name="due"
                label={t('noteTools.summary.field.due')}
                description={t('noteTools.summary.dueHint')}
                autoComplete="off"
                maxLength={60}
              />
            </div>
          </>
        )}
        <FormButtons onCancel={onCancel} />
      </form>
    </Form>
  );
}
