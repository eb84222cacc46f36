// Sharing a note (docs/sharing.md): the form that makes a link (what it shows, an extract, its
// expiry and access code, the addresses to mail it to), the link once made (shown this once, with
// a copy button), and every link of the note with its settings, views and last use, each
// revocable. Texts: `share.dialog`.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EmailField,
  SHARE_RECIPIENTS_MAX,
  ShareLinkBody,
  type FailureText,
  type ShareLink,
  type ShareLinkCreated,
  type ShareSection,
} from '@protokoll/contract';
import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert } from '../../components/alert.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/dialog.tsx';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  TextFormField,
} from '../../components/form.tsx';
import { FormErrorAlert } from '../../components/form-error-alert.tsx';
import { Input, inputVariants } from '../../components/input.tsx';
import { textareaLook } from '../../lib/edit-looks.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import { LoadState } from '../../widgets/load-state.tsx';
import type { ExtractItem } from '../../widgets/minutes-approval.tsx';
import { useAction, type ActionResult } from './action.ts';

/** The expiries the dialog offers, in days; `never`: none. */
export const SHARE_EXPIRIES = ['never', '1', '7', '30', '90'] as const;

/** Addresses as typed: one per line, or separated by commas, semicolons or spaces. */
const splitAddresses = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);

const ShareForm = z
  .object({
    transcript: z.boolean(),
    audio: z.boolean(),
    expiry: z.enum(SHARE_EXPIRIES),
    access_code: ShareLinkBody.shape.access_code.unwrap(),
    extract: z.boolean(),
    parts: z.array(z.string()),
    recipients: z.string().superRefine((text, ctx) => {
      const addresses = splitAddresses(text);
      const wrong = addresses.find((address) => !EmailField.safeParse(address).success);
      if (wrong) ctx.addIssue({ code: 'custom', message: 'share.dialog.recipientsInvalid' });
      else if (addresses.length > SHARE_RECIPIENTS_MAX) {
        ctx.addIssue({ code: 'custom', message: 'share.dialog.recipientsTooMany' });
      }
    }),
    team: z.array(z.string()),
    message: ShareLinkBody.shape.message.unwrap(),
  })
  .refine((form) => !form.extract || form.parts.length > 0, {
    path: ['parts'],
    message: 'share.dialog.partsRequired',
  });
type ShareFormValues = z.infer<typeof ShareForm>;

const EMPTY: ShareFormValues = {
  transcript: false,
  audio: false,
  expiry: '30',
  access_code: '',
  extract: false,
  parts: [],
  recipients: '',
  team: [],
  message: '',
};

export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  noteName: string;
  /** Whether the note still has its recording (else it cannot be shared). */
  hasAudio: boolean;
  /** Formal minutes: their agenda items, an extract keeps some of them. */
  items?: readonly ExtractItem[] | undefined;
  /** Another summary: the parts it has, an extract keeps some of them. */
  sections?: readonly { key: ShareSection; label: string }[] | undefined;
  /** The team's members' addresses, offered to mail the link to. */
  teamAddresses?: readonly string[] | undefined;
  status: LoadStatus;
  shares?: readonly ShareLink[] | undefined;
  /** Why the links could not be loaded. */
  error?: FailureText | undefined;
  onRetry?: (() => void) | undefined;
  /** Makes the link; resolves with it (its address is shown once), rejects with a FailureText. */
  onCreate: (body: ShareLinkBody) => Promise<ShareLinkCreated>;
  onRevoke: (share: ShareLink) => ActionResult;
}

function toBody(form: ShareFormValues, formal: boolean): ShareLinkBody {
  const recipients = [...splitAddresses(form.recipients), ...form.team];
  const parts = form.extract ? form.parts : undefined;
  return {
    transcript: form.transcript,
    audio: form.audio,
    expires_in_days: form.expiry === 'never' ? null : Number(form.expiry),
    ...(form.access_code ? { access_code: form.access_code } : {}),
    ...(parts && formal ? { items: parts.map(Number) } : {}),
    ...(parts && !formal ? { sections: parts as ShareSection[] } : {}),
    ...(recipients.length > 0 ? { recipients } : {}),
    ...(form.message ? { message: form.message } : {}),
  };
}

/** A labelled checkbox bound to a boolean field. */
function CheckField({
  name,
  label,
  description,
  disabled,
}: {
  name: 'transcript' | 'audio' | 'extract';
  label: string;
  description?: string | undefined;
  disabled?: boolean;
}) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-start gap-3">
          <FormControl>
            <Checkbox
              className="mt-0.5"
              checked={field.value as boolean}
              disabled={disabled}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
          </FormControl>
          <div className="grid gap-0.5">
            <FormLabel>{label}</FormLabel>
            {description ? <FormDescription>{description}</FormDescription> : null}
          </div>
        </FormItem>
      )}
    />
  );
}

/** A list of checkboxes bound to a field holding the chosen values. */
function ChoiceList({
  name,
  legend,
  choices,
}: {
  name: 'parts' | 'team';
  legend: string;
  choices: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <FormField
      name={name}
      render={({ field }) => {
        const chosen = new Set(field.value as string[]);
        return (
          <FormItem>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-foreground">{legend}</legend>
              <ul className="grid gap-2">
                {choices.map((choice) => (
                  <li key={choice.value} className="flex items-start gap-3 text-sm">
                    <Checkbox
                      id={`${id}-${choice.value}`}
                      className="mt-0.5"
                      checked={chosen.has(choice.value)}
                      onCheckedChange={(checked) => {
                        const next = new Set(chosen);
                        if (checked === true) next.add(choice.value);
                        else next.delete(choice.value);
                        field.onChange(choices.map((c) => c.value).filter((v) => next.has(v)));
                      }}
                    />
                    <label
                      htmlFor={`${id}-${choice.value}`}
                      className="wrap-break-word text-foreground"
                    >
                      {choice.label}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/** The link just made: shown this once, with a copy button, and who got it by mail. */
function CreatedLink({ created, onAnother }: { created: ShareLinkCreated; onAnother: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const mailed = created.share.mailed_to.length;
  return (
    <div data-slot="share-created" className="grid gap-3">
      <Alert
        variant="success"
        title={t('share.dialog.created')}
        description={t('share.dialog.createdHint')}
      />
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-url`} className="sr-only">
          {t('share.dialog.link')}
        </label>
        <Input
          id={`${id}-url`}
          readOnly
          value={created.url}
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(created.url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {t(copied ? 'share.dialog.copied' : 'share.dialog.copy')}
        </Button>
      </div>
      {mailed > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('share.dialog.mailed', { count: mailed })}
        </p>
      ) : null}
      {created.unsent.length > 0 ? (
        <Alert
          variant="warning"
          title={t('share.dialog.unsentTitle')}
          description={t('share.dialog.unsent', { addresses: created.unsent.join(', ') })}
        />
      ) : null}
      <div>
        <Button variant="outline" size="sm" onClick={onAnother}>
          {t('share.dialog.another')}
        </Button>
      </div>
    </div>
  );
}

/** One link of the note: its state, settings, use, and Revoke (after a confirmation). */
function LinkLine({
  share,
  onRevoke,
}: {
  share: ShareLink;
  onRevoke: (share: ShareLink) => ActionResult;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const settings = [
    share.transcript ? t('share.dialog.withTranscript') : undefined,
    share.audio ? t('share.dialog.withAudio') : undefined,
    share.access_code ? t('share.dialog.withCode') : undefined,
    share.items || share.sections ? t('share.dialog.isExtract') : undefined,
    share.expires_at
      ? t(share.state === 'expired' ? 'share.dialog.expiredOn' : 'share.dialog.expiresOn', {
          date: format.date(share.expires_at),
        })
      : t('share.dialog.noExpiry'),
  ].filter(Boolean);
  const state = {
    active: 'success',
    expired: 'neutral',
    revoked: 'danger',
  } as const;
  return (
    <li
      data-slot="share-link"
      data-state={share.state}
      className="grid gap-1 rounded-md border border-border bg-surface p-3 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={state[share.state]}>{t(`share.dialog.state.${share.state}`)}</Badge>
          <span className="text-muted-foreground">
            {t('share.dialog.createdOn', { date: format.dateTime(share.created_at) })}
          </span>
        </div>
        {share.state === 'active' && !confirming ? (
          <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
            {t('share.dialog.revoke')}
          </Button>
        ) : null}
      </div>
      <p className="text-foreground wrap-break-word">{settings.join(' · ')}</p>
      <p className="text-muted-foreground">
        {share.views > 0 && share.last_used_at
          ? t('share.dialog.views', {
              count: share.views,
              date: format.dateTime(share.last_used_at),
            })
          : t('share.dialog.notOpened')}
      </p>
      {share.mailed_to.length > 0 ? (
        <p className="text-muted-foreground wrap-anywhere">
          {t('share.dialog.mailedTo', { addresses: share.mailed_to.join(', ') })}
        </p>
      ) : null}
      {share.revoked_at ? (
        <p className="text-muted-foreground">
          {t('share.dialog.revokedOn', { date: format.dateTime(share.revoked_at) })}
        </p>
      ) : null}
      {confirming && share.state === 'active' ? (
        <div
          role="group"
          aria-label={t('share.dialog.revoke')}
          className="mt-1 grid gap-2 rounded-md bg-muted p-3"
        >
          <FormErrorAlert error={action.error} submitting={action.pending} />
          <p className="text-foreground">{t('share.dialog.revokeConfirm')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              loading={action.pending}
              onClick={() =>
                void action.run(
                  () => onRevoke(share),
                  () => setConfirming(false),
                )
              }
            >
              {t('share.dialog.revokeNow')}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The form that makes a link. */
function ShareFormView({
  hasAudio,
  items,
  sections,
  teamAddresses,
  onCreated,
  onCreate,
}: Pick<ShareDialogProps, 'hasAudio' | 'items' | 'sections' | 'teamAddresses' | 'onCreate'> & {
  onCreated: (created: ShareLinkCreated) => void;
}) {
  const { t } = useTranslation();
  const action = useAction();
  const form = useForm<ShareFormValues>({
    resolver: zodResolver(ShareForm) as never,
    defaultValues: EMPTY,
  });
  const extract = useWatch({ control: form.control, name: 'extract' });
  const formal = items !== undefined && items.length > 0;
  const choices = formal
    ? items.map((item) => ({
        value: String(item.number),
        label: `${t('noteTools.formal.item', { number: item.number })}: ${item.title}`,
      }))
    : (sections ?? []).map((section) => ({ value: section.key, label: section.label }));
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={t('share.dialog.form')}
        className="grid grid-cols-[minmax(0,1fr)] gap-4"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            action.run(async () => onCreated(await onCreate(toBody(values, formal)))),
          )(event)
        }
      >
        <FormErrorAlert error={action.error} submitting={action.pending} />
        <div className="grid gap-3">
          <CheckField name="transcript" label={t('share.dialog.transcript')} />
          <CheckField
            name="audio"
            label={t('share.dialog.audio')}
            description={hasAudio ? undefined : t('share.dialog.noAudio')}
            disabled={!hasAudio}
          />
        </div>
        <FormField
          name="expiry"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('share.dialog.expiry')}</FormLabel>
              <FormControl>
                <select
                  className={inputVariants({ size: 'md' })}
                  value={field.value as string}
                  onChange={(event) => field.onChange(event.target.value)}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                >
                  {SHARE_EXPIRIES.map((expiry) => (
                    <option key={expiry} value={expiry}>
                      {t(`share.dialog.expiries.${expiry}`)}
                    </option>
                  ))}
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <TextFormField
          name="access_code"
          label={t('share.dialog.code')}
          optional
          description={t('share.dialog.codeHint')}
          autoComplete="off"
          maxLength={64}
        />
        {choices.length > 0 ? (
          <div className="grid gap-3">
            <CheckField
              name="extract"
              label={t('share.dialog.extract')}
              description={t(formal ? 'share.dialog.extractFormal' : 'share.dialog.extractHint')}
            />
            {extract ? (
              <ChoiceList
                name="parts"
                legend={t(formal ? 'share.dialog.itemsLegend' : 'share.dialog.sectionsLegend')}
                choices={choices}
              />
            ) : null}
          </div>
        ) : null}
        <FormField
          name="recipients"
          render={({ field }) => (
            <FormItem>
              <FormLabel optional>{t('share.dialog.recipients')}</FormLabel>
              <FormControl>
                <textarea data-slot="textarea" className={textareaLook} rows={2} {...field} />
              </FormControl>
              <FormDescription>{t('share.dialog.recipientsHint')}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        {teamAddresses && teamAddresses.length > 0 ? (
          <ChoiceList
            name="team"
            legend={t('share.dialog.team')}
            choices={teamAddresses.map((address) => ({ value: address, label: address }))}
          />
        ) : null}
        <FormField
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel optional>{t('share.dialog.message')}</FormLabel>
              <FormControl>
                <textarea data-slot="textarea" className={textareaLook} rows={2} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div>
          <Button type="submit" loading={action.pending}>
            {t('share.dialog.create')}
          </Button>
        </div>
      </form>
    </Form>
  );
}

export function ShareDialog({
  open,
  onOpenChange,
  noteName,
  hasAudio,
  items,
  sections,
  teamAddresses,
  status,
  shares,
  error,
  onRetry,
  onCreate,
  onRevoke,
}: ShareDialogProps) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const id = useId();
  const [created, setCreated] = useState<ShareLinkCreated | undefined>();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setCreated(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent
        data-slot="share-dialog"
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">
            {t('share.dialog.title', { name: noteName })}
          </DialogTitle>
          <DialogDescription>{t('share.dialog.description')}</DialogDescription>
        </DialogHeader>
        {created ? (
          <CreatedLink created={created} onAnother={() => setCreated(undefined)} />
        ) : (
          <ShareFormView
            hasAudio={hasAudio}
            items={items}
            sections={sections}
            teamAddresses={teamAddresses}
            onCreate={onCreate}
            onCreated={setCreated}
          />
        )}
        <section aria-labelledby={`${id}-links`} className="grid gap-2 border-t border-border pt-4">
          <h3 id={`${id}-links`} className="text-sm font-semibold text-foreground">
            {t('share.dialog.links')}
          </h3>
          <LoadState
            status={status}
            failedText={failure(error, 'share.dialog.failed') ?? t('share.dialog.failed')}
            onRetry={onRetry}
          >
            {shares && shares.length > 0 ? (
              <ul className="grid gap-2">
                {shares.map((share) => (
                  <LinkLine key={share.id} share={share} onRevoke={onRevoke} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t('share.dialog.noLinks')}</p>
            )}
          </LoadState>
        </section>
      </DialogContent>
    </Dialog>
  );
}
