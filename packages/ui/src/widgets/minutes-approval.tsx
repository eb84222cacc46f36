// Approval and signature of formal minutes (docs/formal-minutes.md#approval-and-signature): the
// reader's panel for the keeper of the minutes (state, who signs, final, objections, correction,
// versions) and the page an invited signer signs or refuses on. Texts: the `approval` group.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ObjectionBody,
  REQUIRED_SIGNER_ROLES,
  SIGNER_ROLES,
  SIGNERS_MAX,
  SignerInput,
  RefuseSignatureBody,
  type FormalStructure,
  type MinutesApproval,
  type MinutesChange,
  type MinutesVersion,
  type SignatureRequest,
  type Signer,
  type SignerRole,
  type FailureText,
} from '@protokoll/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '../components/badge.tsx';
import { Button } from '../components/button.tsx';
import { Checkbox } from '../components/checkbox.tsx';
import { FormErrorAlert } from '../components/form-error-alert.tsx';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
} from '../components/form.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { inputVariants } from '../components/input.tsx';
import { textareaLook } from '../lib/edit-looks.ts';
import { useFailureText } from '../lib/failure-text.ts';
import type { LoadStatus } from '../lib/load-status.ts';
import { useAction, type ActionResult } from './action.ts';
import { LoadState } from './load-state.tsx';

const stateLook = {
  draft: 'neutral',
  submitted: 'warning',
  signed: 'info',
  final: 'success',
} as const;

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(iso),
    );
}

/** How a signer stands: pending, signed with an account, entered by the keeper, refused. */
function SignerLine({ signer }: { signer: Signer }) {
  const { t } = useTranslation();
  const date = useDate();
  const when = signer.decided_at ? date(signer.decided_at) : '';
  const status =
    signer.state === 'pending'
      ? t('approval.signerStates.pending', { email: signer.email ?? '' })
      : signer.state === 'refused'
        ? t('approval.signerStates.refused', { date: when, reason: signer.reason ?? '' })
        : signer.typed
          ? t('approval.signerStates.typed', { date: when })
          : t('approval.signerStates.signed', { date: when, email: signer.email ?? '' });
  return (
    <li className="grid gap-0.5">
      <span className="text-sm text-foreground">
        <span className="font-semibold">{t(`approval.roles.${signer.role}`)}:</span> {signer.name}
      </span>
      <span
        className={
          signer.state === 'refused' ? 'text-sm text-danger' : 'text-sm text-muted-foreground'
        }
      >
        {status}
      </span>
    </li>
  );
}

function useChangeText() {
  const { t } = useTranslation();
  return (change: MinutesChange) => {
    switch (change.kind) {
      case 'head':
        return t('approval.changeHead', { field: t(`noteTools.formal.fields.${change.field}`) });
      case 'overview':
        return t('approval.changeOverview');
      case 'tasks':
        return t('approval.changeTasks');
      case 'item': {
        const item = `${t('noteTools.formal.item', { number: change.number })}: ${change.title}`;
        return t(`approval.changeItem.${change.change}`, { item });
      }
    }
  };
}

/** One version: state, hash, signers, objections, changes against the one before. */
function VersionView({
  version,
  onDownload,
}: {
  version: MinutesVersion;
  onDownload?: ((number: number) => ActionResult) | undefined;
}) {
  const { t } = useTranslation();
  const date = useDate();
  const describe = useChangeText();
  return (
    <li
      data-slot="minutes-version"
      className="grid gap-2 rounded-md border border-border bg-surface p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 className="text-sm font-semibold text-foreground">
          {t('approval.version', { number: version.number })}
        </h4>
        <Badge variant={stateLook[version.state]}>{t(`approval.states.${version.state}`)}</Badge>
        {version.replaced ? <Badge variant="neutral">{t('approval.replaced')}</Badge> : null}
      </div>
      <p className="text-sm text-muted-foreground wrap-break-word">
        {t('approval.hash')}:{' '}
        <span className="font-mono wrap-anywhere">{version.content_hash}</span>
      </p>
      {version.number > 1 ? (
        <div className="text-sm text-foreground">
          <p className="font-medium">
            {t('approval.changesAgainst', { number: version.number - 1 })}
          </p>
          {version.changes.length ? (
            <ul className="list-disc pl-5">
              {version.changes.map((change, index) => (
                <li key={index}>{describe(change)}</li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">{t('approval.noChanges')}</p>
          )}
        </div>
      ) : null}
      <ul className="grid gap-2">
        {version.signers.map((signer) => (
          <SignerLine key={signer.id} signer={signer} />
        ))}
      </ul>
      {version.objections.length ? (
        <div className="grid gap-1">
          <h5 className="text-sm font-semibold text-foreground">{t('approval.objections')}</h5>
          <ul className="grid gap-2">
            {version.objections.map((objection) => (
              <li key={objection.id} className="text-sm text-foreground">
                <p className="wrap-break-word">{objection.text}</p>
                <p className="text-muted-foreground">
                  {t('approval.objectionBy', {
                    author: objection.author,
                    date: date(objection.created_at),
                  })}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {onDownload ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => void onDownload(version.number)}>
            {t('approval.downloadVersion', { number: version.number })}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

const SignersForm = z.object({ signers: z.array(SignerInput.extend({ email: z.string() })) });
type SignersValues = z.input<typeof SignersForm>;

/** Who signs: a row per person with role, name and (for an account) an address. */
function SubmitForm({
  structure,
  names,
  onSubmit,
}: {
  structure: FormalStructure;
  names: Partial<Record<SignerRole, string>>;
  onSubmit: (signers: SignerInput[]) => ActionResult;
}) {
  const { t } = useTranslation();
  const action = useAction();
  const id = useId();
  const required = REQUIRED_SIGNER_ROLES[structure];
  const form = useForm<SignersValues>({
    resolver: zodResolver(SignersForm) as never,
    defaultValues: {
      signers: required.map((role) => ({ role, name: names[role] ?? '', email: '' })),
    },
  });
  // Rows by hand rather than useFieldArray: that hook alone would add 1.5 KiB to the chunk the
  // sign-in page shares with every form (docs/architecture.md#budgets).
  const rows = useWatch({ control: form.control, name: 'signers' });
  const setRows = (next: SignersValues['signers']) =>
    form.setValue('signers', next, { shouldDirty: true });
  return (
    <Form {...form}>
      <form
        noValidate
        aria-labelledby={`${id}-signers`}
        data-slot="signers-form"
        className="grid grid-cols-[minmax(0,1fr)] gap-3"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            action.run(() =>
              onSubmit(
                values.signers.map((signer) => ({
                  role: signer.role,
                  name: signer.name,
                  ...(signer.email.trim() ? { email: signer.email.trim() } : {}),
                })),
              ),
            ),
          )(event)
        }
      >
        <h4 id={`${id}-signers`} className="text-sm font-semibold text-foreground">
          {t('approval.signers')}
        </h4>
        <p className="text-sm text-muted-foreground">
          {t('approval.requiredRoles', {
            roles: required.map((role) => t(`approval.roles.${role}`)).join(', '),
          })}{' '}
          {t('approval.emailHint')}
        </p>
        <FormErrorAlert error={action.error} submitting={action.pending} />
        <ol className="grid gap-3">
          {rows.map((_row, index) => (
            <li
              key={index}
              aria-label={t('approval.signerNumber', { number: index + 1 })}
              className="grid items-start gap-3 rounded-md border border-border p-3 sm:grid-cols-3"
            >
              <FormField
                control={form.control}
                name={`signers.${index}.role`}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t('approval.role')}</FormLabel>
                    <FormControl>
                      <select className={inputVariants({ size: 'md' })} {...field}>
                        {SIGNER_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {t(`approval.roles.${role}`)}
                          </option>
                        ))}
                      </select>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <TextFormField
                control={form.control}
                name={`signers.${index}.name`}
                label={t('approval.name')}
                autoComplete="off"
                maxLength={100}
              />
              <div className="flex items-end gap-2">
                <div className="min-w-0 flex-1">
                  <TextFormField
                    control={form.control}
                    name={`signers.${index}.email`}
                    type="email"
                    label={t('approval.email')}
                  />
                </div>
                {rows.length > 1 ? (
                  <IconButton
                    size="sm"
                    label={t('approval.removeSigner', {
                      name: rows[index]?.name || t('approval.signerNumber', { number: index + 1 }),
                    })}
                    onClick={() =>
                      setRows(form.getValues('signers').filter((_, other) => other !== index))
                    }
                  >
                    <Trash2 />
                  </IconButton>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          {rows.length < SIGNERS_MAX ? (
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                setRows([...form.getValues('signers'), { role: 'member', name: '', email: '' }])
              }
            >
              <Plus />
              {t('approval.addSigner')}
            </Button>
          ) : null}
          <Button type="submit" loading={action.pending}>
            {action.pending ? t('approval.submitting') : t('approval.submit')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

/** The agenda items an extract can hold: number and title. */
export interface ExtractItem {
  number: number;
  title: string;
}

/**
 * An extract of chosen agenda items (docs/formal-minutes.md#partial-minutes), for someone who
 * attended only a part of the meeting (§ 34 (2) BetrVG).
 */
function ExtractForm({
  items,
  onDownload,
}: {
  items: readonly ExtractItem[];
  onDownload: (numbers: number[], format: 'pdf' | 'docx') => ActionResult;
}) {
  const { t } = useTranslation();
  const action = useAction();
  const id = useId();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const numbers = items.map((item) => item.number).filter((number) => chosen.has(number));
  const toggle = (number: number, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(number);
      else next.delete(number);
      return next;
    });
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-semibold text-foreground">{t('approval.extract')}</legend>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t('approval.extractHint')}
      </p>
      <FormErrorAlert error={action.error} submitting={action.pending} />
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.number} className="flex items-start gap-3 text-sm">
            <Checkbox
              id={`${id}-${item.number}`}
              className="mt-0.5"
              checked={chosen.has(item.number)}
              onCheckedChange={(checked) => toggle(item.number, checked === true)}
            />
            <label htmlFor={`${id}-${item.number}`} className="wrap-break-word text-foreground">
              {`${t('noteTools.formal.item', { number: item.number })}: ${item.title}`}
            </label>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        {(['pdf', 'docx'] as const).map((format) => (
          <Button
            key={format}
            variant="outline"
            size="sm"
            disabled={numbers.length === 0 || action.pending}
            onClick={() => void action.run(() => onDownload(numbers, format))}
          >
            {t(`approval.extractAs.${format}`)}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function ObjectionForm({ onAdd }: { onAdd: (body: ObjectionBody) => ActionResult }) {
  const { t } = useTranslation();
  const action = useAction();
  const form = useForm<ObjectionBody>({
    resolver: zodResolver(ObjectionBody) as never,
    defaultValues: { author: '', text: '' },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={t('approval.addObjection')}
        className="grid grid-cols-[minmax(0,1fr)] gap-3"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            action.run(
              () => onAdd(values),
              () => form.reset({ author: '', text: '' }),
            ),
          )(event)
        }
      >
        <FormErrorAlert error={action.error} submitting={action.pending} />
        <TextFormField
          control={form.control}
          name="author"
          label={t('approval.objectionAuthor')}
          autoComplete="off"
          maxLength={100}
        />
        <FormField
          control={form.control}
          name="text"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('approval.objectionText')}</FormLabel>
              <FormControl>
                <textarea data-slot="textarea" className={textareaLook} rows={3} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div>
          <Button type="submit" variant="outline" loading={action.pending}>
            {t('approval.addObjection')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

export interface MinutesApprovalPanelProps {
  structure: FormalStructure;
  status: LoadStatus;
  approval?: MinutesApproval | undefined;
  /** Why loading failed. */
  error?: FailureText | undefined;
  onRetry?: (() => void) | undefined;
  /** The head's chair and keeper, to start the signers with. */
  names?: Partial<Record<SignerRole, string>>;
  onSubmit: (signers: SignerInput[]) => ActionResult;
  onFinalise: () => ActionResult;
  onCorrect: () => ActionResult;
  onAddObjection: (body: ObjectionBody) => ActionResult;
  onDownloadVersion?: (number: number) => ActionResult;
  /** The minutes' agenda items: with `onDownloadExtract`, an extract of some can be downloaded. */
  items?: readonly ExtractItem[];
  onDownloadExtract?: (numbers: number[], format: 'pdf' | 'docx') => ActionResult;
}

/** The keeper's panel under a formal note's summary. */
export function MinutesApprovalPanel({
  structure,
  status,
  approval,
  error,
  onRetry,
  names = {},
  onSubmit,
  onFinalise,
  onCorrect,
  onAddObjection,
  onDownloadVersion,
  items = [],
  onDownloadExtract,
}: MinutesApprovalPanelProps) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const action = useAction();
  const id = useId();
  const state = approval?.state ?? 'draft';
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-slot="minutes-approval"
      className="grid grid-cols-[minmax(0,1fr)] gap-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3
          id={`${id}-title`}
          className="text-sm font-semibold tracking-wide text-muted-foreground uppercase"
        >
          {t('approval.title')}
        </h3>
        {approval ? (
          <Badge variant={stateLook[state]}>{t(`approval.states.${state}`)}</Badge>
        ) : null}
      </div>
      <LoadState
        status={status}
        failedText={failure(error, 'approval.failed') ?? t('approval.failed')}
        onRetry={onRetry}
      >
        {approval ? (
          <>
            <p className="text-sm text-muted-foreground">{t(`approval.stateHints.${state}`)}</p>
            <FormErrorAlert error={action.error} submitting={action.pending} />
            {state === 'draft' ? (
              <SubmitForm structure={structure} names={names} onSubmit={onSubmit} />
            ) : (
              <div className="flex flex-wrap gap-2">
                {state === 'signed' ? (
                  <Button loading={action.pending} onClick={() => void action.run(onFinalise)}>
                    {t('approval.finalise')}
                  </Button>
                ) : null}
                <Button
                  variant="outline"
                  disabled={action.pending}
                  aria-describedby={`${id}-correct`}
                  onClick={() => void action.run(onCorrect)}
                >
                  {t('approval.correct')}
                </Button>
                <p id={`${id}-correct`} className="w-full text-sm text-muted-foreground">
                  {t('approval.correctHint')}
                </p>
              </div>
            )}
            {state === 'final' ? <ObjectionForm onAdd={onAddObjection} /> : null}
            {onDownloadExtract && items.length > 1 ? (
              <ExtractForm items={items} onDownload={onDownloadExtract} />
            ) : null}
            {approval.versions.length ? (
              <div className="grid gap-2">
                <h4 className="text-sm font-semibold text-foreground">{t('approval.versions')}</h4>
                <ul className="grid gap-3">
                  {approval.versions.map((version) => (
                    <VersionView
                      key={version.number}
                      version={version}
                      onDownload={onDownloadVersion}
                    />
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
      </LoadState>
    </section>
  );
}

export interface SignatureScreenProps {
  status: LoadStatus;
  request?: SignatureRequest | undefined;
  /** Why loading failed. */
  error?: FailureText | undefined;
  onRetry?: (() => void) | undefined;
  onSign: () => ActionResult;
  onRefuse: (reason: string) => ActionResult;
  /** The minutes as the reader shows them (the formal minutes' view), given by the app. */
  minutes?: React.ReactNode;
  /** The page was opened without a link's token. */
  noToken?: boolean;
}

/** What an invited signer sees: who asks, what signing means, the minutes, sign or refuse. */
export function SignatureScreen({
  status,
  request,
  error,
  onRetry,
  onSign,
  onRefuse,
  minutes,
  noToken = false,
}: SignatureScreenProps) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const action = useAction();
  const form = useForm<RefuseSignatureBody>({
    resolver: zodResolver(RefuseSignatureBody) as never,
    defaultValues: { reason: '' },
  });
  const signer = request?.signer;
  return (
    <div
      data-slot="signature-screen"
      className="mx-auto grid w-full max-w-5xl min-w-0 grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 sm:px-6"
    >
      <PageHeader title={t('approval.sign.title')} />
      {noToken ? <p className="text-foreground">{t('approval.sign.noToken')}</p> : null}
      <LoadState
        status={status}
        failedText={failure(error, 'approval.failed') ?? t('approval.failed')}
        onRetry={onRetry}
      >
        {request && signer ? (
          <>
            <div className="grid gap-2">
              <p className="text-foreground">
                {t('approval.sign.intro', {
                  keeper: request.keeper,
                  note: request.content.name,
                  role: t(`approval.roles.${signer.role}`),
                })}
              </p>
              <p className="text-sm text-muted-foreground">{t('approval.sign.meaning')}</p>
              <p className="text-sm text-muted-foreground wrap-break-word">
                {t('approval.version', { number: request.version.number })} · {t('approval.hash')}:{' '}
                <span className="font-mono wrap-anywhere">{request.version.content_hash}</span>
              </p>
            </div>
            <FormErrorAlert error={action.error} submitting={action.pending} />
            {signer.state === 'pending' ? (
              <div className="grid gap-4 rounded-md border border-border bg-surface p-3">
                <div>
                  <Button loading={action.pending} onClick={() => void action.run(onSign)}>
                    {t('approval.sign.sign')}
                  </Button>
                </div>
                <Form {...form}>
                  <form
                    noValidate
                    aria-label={t('approval.sign.refuse')}
                    className="grid grid-cols-[minmax(0,1fr)] gap-3"
                    onSubmit={(event) =>
                      void form.handleSubmit((values) => action.run(() => onRefuse(values.reason)))(
                        event,
                      )
                    }
                  >
                    <FormField
                      control={form.control}
                      name="reason"
                      render={({ field }) => (
                        <FormItem>
                          <FormLabel>{t('approval.sign.reason')}</FormLabel>
                          <FormControl>
                            <textarea
                              data-slot="textarea"
                              className={textareaLook}
                              rows={3}
                              {...field}
                            />
                          </FormControl>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <div>
                      <Button type="submit" variant="outline" disabled={action.pending}>
                        {t('approval.sign.sendRefusal')}
                      </Button>
                    </div>
                  </form>
                </Form>
              </div>
            ) : (
              <p role="status" className="text-foreground">
                {signer.state === 'signed' ? t('approval.sign.signed') : t('approval.sign.refused')}
              </p>
            )}
            <div className="grid gap-2">
              <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {t('approval.sign.others')}
              </h2>
              <ul className="grid gap-2">
                {request.version.signers.map((entry) => (
                  <SignerLine key={entry.id} signer={entry} />
                ))}
              </ul>
            </div>
            {minutes}
          </>
        ) : null}
      </LoadState>
    </div>
  );
}
