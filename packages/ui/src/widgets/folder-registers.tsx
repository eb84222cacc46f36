// The registers of a folder (docs/formal-minutes.md#registers), from the folder's menu: whether
// it is kept as a Gremium, its Beschluss-Sammlung (every entry by year and number, struck ones
// marked, as PDF or CSV) and its Aufgabenliste (every task with its meeting, to mark done; the
// open ones offered for the next meeting's agenda). Texts: `approval.registers`.
import type {
  FailureText,
  FolderRegisters,
  RegisterResolution,
  RegisterTask,
} from '@protokoll/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../components/badge.tsx';
import { Button } from '../components/button.tsx';
import { Checkbox } from '../components/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../components/dialog.tsx';
import { FormErrorAlert } from '../components/form-error-alert.tsx';
import { linkVariants } from '../components/link.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/tabs.tsx';
import { cn } from '../lib/cn.ts';
import { useFailureText } from '../lib/failure-text.ts';
import { useFormat } from '../lib/format.ts';
import type { LoadStatus } from '../lib/load-status.ts';
import { useAction, type ActionResult } from './action.ts';
import { useVoteText } from './formal-minutes.tsx';
import { LoadState } from './load-state.tsx';

export interface FolderRegistersDialogProps {
  folderName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  status: LoadStatus;
  registers?: FolderRegisters | undefined;
  error?: FailureText | undefined;
  onRetry?: (() => void) | undefined;
  onGremiumChange: (gremium: boolean) => ActionResult;
  onTaskDone: (task: RegisterTask, done: boolean) => ActionResult;
  onDownload: (format: 'pdf' | 'csv') => ActionResult;
  /** Starts a new note of the folder with these open tasks on its agenda. */
  onCarryOver: (tasks: RegisterTask[]) => void;
  /** Opens the note an entry or task comes from. */
  onOpenNote: (noteId: number) => void;
}

/** The note an entry or task comes from, opened in the reader. */
function NoteLink({ onClick, children }: { onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      className={cn(linkVariants(), 'text-left text-sm wrap-break-word')}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Entry({
  entry,
  onOpenNote,
}: {
  entry: RegisterResolution;
  onOpenNote: (noteId: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const vote = useVoteText()(entry);
  const place = entry.place ?? (entry.online ? t('noteTools.formal.online') : undefined);
  const source = t('approval.registers.source', { name: entry.note_name, version: entry.version });
  return (
    <li
      data-slot="register-entry"
      className="grid gap-1 rounded-md border border-border bg-surface p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-foreground tabular-nums">
          {t('approval.registers.number', { year: entry.year, number: entry.number })}
        </span>
        {entry.struck_at ? <Badge variant="neutral">{t('approval.registers.struck')}</Badge> : null}
      </div>
      <p className={`wrap-break-word text-foreground ${entry.struck_at ? 'line-through' : ''}`}>
        {entry.text}
      </p>
      <p className="text-muted-foreground wrap-break-word">
        {[
          entry.date ? format.day(entry.date) : t('approval.registers.noDate'),
          place,
          `${t('noteTools.formal.item', { number: entry.item_number })}: ${entry.item_title}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className="text-foreground">
        {vote.known
          ? vote.text
          : [t('noteTools.formal.voteMissing'), vote.text].filter(Boolean).join(', ')}
      </p>
      {entry.struck_at ? (
        <p className="text-muted-foreground">
          {t('approval.registers.struckIn', {
            version: entry.struck_in_version,
            date: format.date(entry.struck_at),
          })}
        </p>
      ) : null}
      <p className="text-muted-foreground">
        {entry.note_id !== null ? (
          <NoteLink onClick={() => onOpenNote(entry.note_id!)}>{source}</NoteLink>
        ) : (
          t('approval.registers.deletedSource', { source })
        )}
      </p>
    </li>
  );
}

function TaskLine({
  task,
  onDone,
  onOpenNote,
}: {
  task: RegisterTask;
  onDone: (done: boolean) => void;
  onOpenNote: (noteId: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  // A calendar day is shown as one; anything else ("bis Freitag") as it was said.
  const due = task.due && format.day(task.due);
  return (
    <li data-slot="register-task" className="flex items-start gap-3 text-sm">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={task.done}
        onCheckedChange={(checked) => onDone(checked === true)}
      />
      <div className="grid min-w-0 gap-0.5">
        <label
          htmlFor={id}
          className={`wrap-break-word text-foreground ${task.done ? 'line-through' : ''}`}
        >
          {task.task}
        </label>
        <p className="text-muted-foreground wrap-break-word">
          {[
            task.owner ? t('approval.registers.owner', { owner: task.owner }) : undefined,
            due ? t('approval.registers.due', { due }) : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p>
          <NoteLink onClick={() => onOpenNote(task.note_id)}>
            {[
              `${format.day(task.date)}: ${task.note_name}`,
              task.item_number !== undefined
                ? `${t('noteTools.formal.item', { number: task.item_number })}: ${task.item_title ?? ''}`
                : undefined,
            ]
              .filter(Boolean)
              .join(' · ')}
          </NoteLink>
        </p>
      </div>
    </li>
  );
}

/** A folder's Beschluss-Sammlung and Aufgabenliste, and whether it is kept as a Gremium. */
export function FolderRegistersDialog({
  folderName,
  open,
  onOpenChange,
  status,
  registers,
  error,
  onRetry,
  onGremiumChange,
  onTaskDone,
  onDownload,
  onCarryOver,
  onOpenNote,
}: FolderRegistersDialogProps) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const action = useAction();
  const id = useId();
  const years = [...new Set(registers?.resolutions.map((entry) => entry.year))];
  const openTasks = registers?.tasks.filter((task) => !task.done) ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-slot="folder-registers-dialog"
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">
            {t('approval.registers.title', { folder: folderName })}
          </DialogTitle>
          <DialogDescription>{t('approval.registers.description')}</DialogDescription>
        </DialogHeader>
        <LoadState
          status={status}
          failedText={failure(error, 'approval.registers.failed') ?? t('approval.registers.failed')}
          onRetry={onRetry}
        >
          {registers ? (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
              <FormErrorAlert error={action.error} submitting={action.pending} />
              <div className="flex items-start gap-3">
                <Checkbox
                  id={`${id}-gremium`}
                  className="mt-0.5"
                  aria-describedby={`${id}-gremium-hint`}
                  checked={registers.folder.gremium}
                  disabled={action.pending}
                  onCheckedChange={(checked) =>
                    void action.run(() => onGremiumChange(checked === true))
                  }
                />
                <div className="grid gap-0.5">
                  <label htmlFor={`${id}-gremium`} className="text-sm font-medium text-foreground">
                    {t('approval.registers.gremium')}
                  </label>
                  <p id={`${id}-gremium-hint`} className="text-sm text-muted-foreground">
                    {t('approval.registers.gremiumHint')}
                  </p>
                </div>
              </div>
              <Tabs defaultValue="resolutions">
                <TabsList>
                  <TabsTrigger value="resolutions">
                    {t('approval.registers.resolutions', { count: registers.resolutions.length })}
                  </TabsTrigger>
                  <TabsTrigger value="tasks">
                    {t('approval.registers.tasks', { count: openTasks.length })}
                  </TabsTrigger>
                </TabsList>
                <TabsContent value="resolutions" className="grid gap-3">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={action.pending}
                      onClick={() => void action.run(() => onDownload('pdf'))}
                    >
                      {t('approval.registers.downloadPdf')}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={action.pending}
                      onClick={() => void action.run(() => onDownload('csv'))}
                    >
                      {t('approval.registers.downloadCsv')}
                    </Button>
                  </div>
                  {years.length === 0 ? (
                    <p className="text-sm text-muted-foreground">
                      {t(
                        registers.folder.gremium
                          ? 'approval.registers.noResolutions'
                          : 'approval.registers.notGremium',
                      )}
                    </p>
                  ) : (
                    years.map((year) => (
                      <section key={year} aria-labelledby={`${id}-${year}`} className="grid gap-2">
                        <h3 id={`${id}-${year}`} className="text-sm font-semibold text-foreground">
                          {year}
                        </h3>
                        <ol className="grid gap-2">
                          {registers.resolutions
                            .filter((entry) => entry.year === year)
                            .map((entry) => (
                              <Entry key={entry.id} entry={entry} onOpenNote={onOpenNote} />
                            ))}
                        </ol>
                      </section>
                    ))
                  )}
                </TabsContent>
                <TabsContent value="tasks" className="grid gap-3">
                  {openTasks.length > 0 ? (
                    <div className="grid gap-1">
                      <div>
                        <Button size="sm" onClick={() => onCarryOver(openTasks)}>
                          {t('approval.registers.carryOver', { count: openTasks.length })}
                        </Button>
                      </div>
                      <p className="text-sm text-muted-foreground">
                        {t('approval.registers.carryOverHint')}
                      </p>
                    </div>
                  ) : null}
                  {registers.tasks.length === 0 ? (
                    <p className="text-sm text-muted-foreground">
                      {t('approval.registers.noTasks')}
                    </p>
                  ) : (
                    <ul className="grid gap-3">
                      {registers.tasks.map((task) => (
                        <TaskLine
                          key={`${task.note_id}:${task.key}`}
                          task={task}
                          onDone={(done) => void action.run(() => onTaskDone(task, done))}
                          onOpenNote={onOpenNote}
                        />
                      ))}
                    </ul>
                  )}
                </TabsContent>
              </Tabs>
            </div>
          ) : null}
        </LoadState>
      </DialogContent>
    </Dialog>
  );
}
