import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { accessToken, RECORDING_SECONDS, seedNote } from './support/notes.ts';

// The reader against the real server, once in German on a desktop window and once in English on
// a phone: the player (its bar stays at the bottom, play and pause, −15/+15 s, speed, keys, the
// level overview, transcript lines that seek and play, the line being played followed), the
// title renamed in place and from the list's row menu, saving, moving between folders (the
// sidebar's counts follow, docs/product.md#folders), the speakers' talk shares and deleting.
// The local OpenAI peer transcribes the recording as passages of five seconds, "Passage 1 from
// 0.0 to 5.0 seconds." and so on; for recordings in SPEAKER_LANGUAGE it names three speakers in
// turn, which the server keeps for a plan with speaker detection (Pro, bought at the Stripe peer).

/** Spoken language whose transcriptions name speakers; no other spec uploads in it. */
const SPEAKER_LANGUAGE = 'nl';
const SPEAKERS = 3;

const peerUrl = () => {
  const url = process.env.E2E_OPENAI_URL;
  if (!url) throw new Error('E2E_OPENAI_URL is not set: run through playwright.config.ts');
  return url;
};
const stripeUrl = () => {
  const url = process.env.E2E_STRIPE_URL;
  if (!url) throw new Error('E2E_STRIPE_URL is not set: run through playwright.config.ts');
  return url;
};

const TEXT = {
  de: {
    prefix: '',
    viewport: { width: 1280, height: 720 },
    /** The main navigation is in the header. */
    openMenu: null,
    /** `bottom-4` of the player bar from the `sm` width on. */
    barGap: 16,
    choosePro: 'Pro wählen',
    thanks: 'Vielen Dank für Ihren Kauf!',
    note: 'Projektrunde Ölwerk',
    listRenamed: 'Projektrunde Ölwerk (Juni)',
    readerRenamed: 'Übergabe Ölwerk',
    folderA: 'Kunden Nord',
    folderB: 'Kunden Süd',
    folders: 'Ordner',
    newFolder: 'Neuer Ordner',
    folderName: 'Ordnername',
    createFolder: 'Ordner anlegen',
    count: (n: number) => (n === 1 ? '1 Notiz' : `${n} Notizen`),
    actions: (name: string) => `Aktionen für „${name}“`,
    renameItem: 'Umbenennen …',
    renameDialog: 'Notiz umbenennen',
    noteName: 'Name der Notiz',
    renameSubmit: 'Umbenennen',
    renameTitle: 'Notiz umbenennen',
    saveName: 'Namen speichern',
    recording: 'Aufnahme',
    play: 'Abspielen',
    pause: 'Pause',
    back15: '15 Sekunden zurück',
    forward15: '15 Sekunden vor',
    speed: (rate: string) => `Geschwindigkeit: ${rate}-fach`,
    rate: (rate: string) => `${rate}×`,
    one: '1',
    faster: '1,5',
    position: 'Position in der Aufnahme',
    speakers: 'Sprecher',
    share: / der Redezeit$/,
    save: 'Merken',
    unsave: 'Gemerkt',
    savedNav: 'Gemerkt',
    savedTitle: 'Gemerkte Notizen',
    noSaved: 'Noch keine gemerkten Notizen',
    notesNav: 'Notizen',
    more: 'Weitere Aktionen',
    moveItem: 'In Ordner verschieben …',
    moveDialog: 'In Ordner verschieben',
    moveSubmit: 'Verschieben',
    deleteItem: 'Löschen …',
    deleteDialog: 'Notiz löschen?',
    deleteConfirm: 'Endgültig löschen',
    backToNotes: 'Zurück zu den Notizen',
  },
  en: {
    prefix: '/en',
    viewport: { width: 390, height: 844 },
    /** The main navigation is in a drawer behind this button. */
    openMenu: 'Open menu',
    /** `bottom-2` of the player bar below the `sm` width. */
    barGap: 8,
    choosePro: 'Choose Pro',
    thanks: 'Thank you for your purchase!',
    note: 'Design review Q3',
    listRenamed: 'Design review Q3 (final)',
    readerRenamed: 'Hand-over design review',
    folderA: 'Clients north',
    folderB: 'Clients south',
    folders: 'Folders',
    newFolder: 'New folder',
    folderName: 'Folder name',
    createFolder: 'Create folder',
    count: (n: number) => (n === 1 ? '1 note' : `${n} notes`),
    actions: (name: string) => `Actions for “${name}”`,
    renameItem: 'Rename …',
    renameDialog: 'Rename note',
    noteName: 'Name of the note',
    renameSubmit: 'Rename',
    renameTitle: 'Rename note',
    saveName: 'Save name',
    recording: 'Recording',
    play: 'Play',
    pause: 'Pause',
    back15: 'Back 15 seconds',
    forward15: 'Forward 15 seconds',
    speed: (rate: string) => `Speed: ${rate}×`,
    rate: (rate: string) => `${rate}×`,
    one: '1',
    faster: '1.5',
    position: 'Position in the recording',
    speakers: 'Speakers',
    share: / of talk time$/,
    save: 'Star',
    unsave: 'Starred',
    savedNav: 'Starred',
    savedTitle: 'Starred notes',
    noSaved: 'No starred notes yet',
    notesNav: 'Notes',
    more: 'More actions',
    moveItem: 'Move to folder …',
    moveDialog: 'Move to folder',
    moveSubmit: 'Move',
    deleteItem: 'Delete …',
    deleteDialog: 'Delete note?',
    deleteConfirm: 'Delete for good',
    backToNotes: 'Back to notes',
  },
} as const;
type Locale = keyof typeof TEXT;
type Text = (typeof TEXT)[Locale];

const row = (page: Page, name: string) => page.locator('[data-slot=note-row]', { hasText: name });

/** The `<audio>` element's state, read in the page. */
const media = (audio: Locator) => ({
  time: () => audio.evaluate((element: HTMLAudioElement) => element.currentTime),
  paused: () => audio.evaluate((element: HTMLAudioElement) => element.paused),
  rate: () => audio.evaluate((element: HTMLAudioElement) => element.playbackRate),
  duration: () => audio.evaluate((element: HTMLAudioElement) => element.duration),
});

/** How far the bottom of `locator` is above the bottom of the window, in pixels. */
async function gapToWindowBottom(page: Page, locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, 'the element is rendered').not.toBeNull();
  return page.viewportSize()!.height - (box!.y + box!.height);
}

/** Scrolls the window to `top` and waits until it got there. */
async function scrollWindowTo(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(top));
}

/** Buys Pro (speaker detection) at the Stripe peer's checkout page, as billing.spec.ts does. */
async function buyPro(page: Page, t: Text) {
  await gotoHydrated(page, `${t.prefix}/buy`);
  await page
    .getByRole('region', { name: 'Pro' })
    .getByRole('button', { name: t.choosePro })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${stripeUrl()}/pay/`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.thanks })).toBeVisible();
  await expect(page.locator('[data-slot="new-plan"] [data-slot="plan-name"]')).toHaveText('Pro');
}

/** Each speaker's share of the talk time in whole percent, from the note's passages. */
function expectedShares(segments: readonly { speaker: string; start: number; end: number }[]) {
  const seconds = new Map<string, number>();
  for (const { speaker, start, end } of segments) {
    seconds.set(speaker, (seconds.get(speaker) ?? 0) + Math.max(0, end - start));
  }
  const total = [...seconds.values()].reduce((sum, length) => sum + length, 0);
  return new Map(
    [...seconds].map(([label, length]) => [label, Math.round((length / total) * 100)]),
  );
}

/** Follows a link of the main navigation, from the drawer on a phone. */
async function navigate(page: Page, t: Text, name: string) {
  if (t.openMenu) await page.getByRole('button', { name: t.openMenu }).click();
  await page.getByRole('link', { name, exact: true }).first().click();
}

/** Opens a "…" menu and picks an item. */
async function menuAction(page: Page, trigger: Locator, item: string) {
  await trigger.click();
  await page.getByRole('menuitem', { name: item }).click();
}

for (const locale of ['de', 'en'] as const) {
  const t: Text = TEXT[locale];

  test(`reader (${locale}, ${t.viewport.width}px): player, renaming, saving, moving with folder counts, talk shares, deleting`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(t.viewport);
    await signUpInUi(page, locale, {
      email: uniqueEmail(`reader-${locale}`),
      password: 'Leser-Passwort-1',
    });
    await buyPro(page, t);
    // The peer names speakers only while this test holds the language.
    const claim = await request.post(`${peerUrl()}/control/speakers`, {
      data: { language: SPEAKER_LANGUAGE, speakers: SPEAKERS },
    });
    expect(claim.ok()).toBe(true);
    const note = await seedNote(page, request, {
      name: t.note,
      language: SPEAKER_LANGUAGE,
    }).finally(() =>
      request.post(`${peerUrl()}/control/reset`, { data: { language: SPEAKER_LANGUAGE } }),
    );
    expect(new Set(note.segments.map((segment) => segment.speaker)).size).toBe(SPEAKERS);

    // --- The list: two folders, both empty; the note renamed from its row menu. ---
    await gotoHydrated(page, `${t.prefix}/notes`);
    const sidebar = page.getByRole('navigation', { name: t.folders });
    const folder = (name: string) => sidebar.getByRole('button', { name, exact: true });
    for (const name of [t.folderA, t.folderB]) {
      await sidebar.getByRole('button', { name: t.newFolder }).click();
      const dialog = page.getByRole('dialog', { name: t.newFolder });
      await dialog.getByLabel(t.folderName).fill(name);
      await dialog.getByRole('button', { name: t.createFolder }).click();
      await expect(dialog).toBeHidden();
      // The count is the folder button's description (docs/product.md#folders).
      await expect(folder(name)).toHaveAccessibleDescription(t.count(0));
    }

    await menuAction(page, page.getByRole('button', { name: t.actions(t.note) }), t.renameItem);
    const renameDialog = page.getByRole('dialog', { name: t.renameDialog });
    await renameDialog.getByRole('textbox', { name: t.noteName }).fill(t.listRenamed);
    await renameDialog.getByRole('button', { name: t.renameSubmit }).click();
    await expect(renameDialog).toBeHidden();
    await expect(row(page, t.listRenamed)).toBeVisible();
    await expect(page.getByRole('button', { name: t.note, exact: true })).toHaveCount(0);

    // --- The reader and its player. ---
    await page.getByRole('button', { name: t.listRenamed, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/notes\\?note=${note.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: t.listRenamed })).toBeVisible();
    const player = page.getByRole('group', { name: t.recording });
    const bar = page.locator('[data-slot=reader-audio]');
    const audio = player.locator('audio');
    const state = media(audio);
    const track = player.getByRole('slider', { name: t.position });
    await expect.poll(state.duration).toBeGreaterThan(RECORDING_SECONDS - 1);
    const duration = await state.duration();
    // The level overview has arrived from the server.
    await expect(player.locator('[data-slot=player-waveform]')).toBeVisible();
    const lines = page.locator('[data-slot=reader-transcript] [data-slot=transcript-line]');
    await expect(lines).toHaveCount(note.segments.length);

    // The bar stays at the bottom of the window wherever the page is scrolled; the page is
    // longer than the window, so without `sticky` it would sit below the transcript, out of view.
    const scrollable = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight,
    );
    expect(scrollable, 'the reader is longer than the window').toBeGreaterThan(200);
    for (const top of [0, Math.round(scrollable / 3)]) {
      await scrollWindowTo(page, top);
      await expect(bar).toBeInViewport({ ratio: 1 });
      expect(await gapToWindowBottom(page, bar)).toBeCloseTo(t.barGap, 0);
      // It comes after the transcript, yet stands over its last line: held by `sticky`.
      const lastLine = (await lines.last().boundingBox())!;
      const barBox = (await bar.boundingBox())!;
      expect(lastLine.y + lastLine.height).toBeGreaterThan(barBox.y + barBox.height);
    }
    await scrollWindowTo(page, 0);

    // Play: the position advances; pause stops it.
    expect(await state.time()).toBe(0);
    await player.getByRole('button', { name: t.play, exact: true }).click();
    await expect(player).toHaveAttribute('data-state', 'playing');
    await expect.poll(state.time).toBeGreaterThan(0.5);
    await expect(track).not.toHaveAttribute('aria-valuenow', '0');
    if (locale === 'en') {
      // On a phone the time stands beside the buttons.
      await expect(player.locator('[data-slot=player-time]')).not.toHaveText(/^0:00 /);
    }
    await player.getByRole('button', { name: t.pause, exact: true }).click();
    await expect(player).toHaveAttribute('data-state', 'paused');
    expect(await state.paused()).toBe(true);
    const paused = await state.time();

    // −15/+15 s.
    await player.getByRole('button', { name: t.forward15 }).click();
    await expect.poll(state.time).toBeCloseTo(paused + 15, 1);
    await player.getByRole('button', { name: t.back15 }).click();
    await expect.poll(state.time).toBeCloseTo(paused, 1);

    // Speed: 1.5 times.
    await player.getByRole('button', { name: t.speed(t.one) }).click();
    await page.getByRole('menuitemradio', { name: t.rate(t.faster) }).click();
    await expect.poll(state.rate).toBe(1.5);
    await expect(player.getByRole('button', { name: t.speed(t.faster) })).toBeVisible();

    // Keys, with the focus on the page (its main region) rather than on a button, which space
    // would press.
    await page.getByRole('heading', { level: 1 }).click();
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('button, a, input, [role=slider]')),
      )
      .toBeNull();
    await page.keyboard.press('Space');
    await expect(player).toHaveAttribute('data-state', 'playing');
    const before = await state.time();
    await expect.poll(state.time).toBeGreaterThan(before + 0.3);
    await page.keyboard.press('k');
    await expect(player).toHaveAttribute('data-state', 'paused');
    const at = await state.time();
    await page.keyboard.press('l');
    await expect.poll(state.time).toBeCloseTo(at + 15, 1);
    await page.keyboard.press('j');
    await expect.poll(state.time).toBeCloseTo(at, 1);
    await page.keyboard.press('ArrowRight');
    await expect.poll(state.time).toBeCloseTo(at + 5, 1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(state.time).toBeCloseTo(at, 1);
    await page.keyboard.press('k');
    await expect(player).toHaveAttribute('data-state', 'playing');
    await page.keyboard.press('Space');
    await expect(player).toHaveAttribute('data-state', 'paused');

    // A click into the level overview seeks there: three quarters in.
    const box = (await track.boundingBox())!;
    await track.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    await expect.poll(state.time).toBeCloseTo(duration * 0.75, 0);
    await expect(player).toHaveAttribute('data-state', 'paused');

    // A transcript line seeks to its start and plays; its line is marked as the one playing.
    const line = (start: number) =>
      page.locator(
        `[data-slot=reader-transcript] [data-slot=transcript-line][data-start="${start}"]`,
      );
    const third = note.segments[2]!.start;
    expect(third).toBeGreaterThan(0);
    await line(third).click();
    await expect(player).toHaveAttribute('data-state', 'playing');
    await expect.poll(state.time).toBeGreaterThanOrEqual(third);
    await expect(line(third)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('[data-slot=transcript-line][aria-current=true]')).toHaveCount(1);
    await player.getByRole('button', { name: t.pause, exact: true }).click();
    await expect(player).toHaveAttribute('data-state', 'paused');

    // The line being played is followed. Paused in the second to last passage (a click into the
    // overview) with the page scrolled to its top, playing brings that line into view; the
    // recording then plays to its end.
    const followed = note.segments.at(-2)!;
    await track.click({
      position: { x: box.width * ((followed.start + 0.5) / duration), y: box.height / 2 },
    });
    await expect(line(followed.start)).toHaveAttribute('aria-current', 'true');
    await scrollWindowTo(page, 0);
    await expect(line(followed.start)).not.toBeInViewport();
    await player.getByRole('button', { name: t.play, exact: true }).click();
    await expect(line(followed.start)).toBeInViewport();
    await expect(player).toHaveAttribute('data-state', 'paused', { timeout: 10_000 });
    expect(await state.time()).toBeCloseTo(duration, 0);
    await scrollWindowTo(page, 0);

    // --- Talk shares: every speaker has the share of the talk time their passages take, and
    // the shares add up to the whole. ---
    const speakers = page.getByRole('region', { name: t.speakers, exact: true });
    const forms = speakers.locator('[data-slot=speaker-name-form]');
    await expect(forms).toHaveCount(SPEAKERS);
    const expected = expectedShares(note.segments);
    const shown: number[] = [];
    for (const [label, percent] of expected) {
      const share = forms
        .and(page.locator(`[data-speaker="${label}"]`))
        .locator('[data-slot=speaker-share]');
      await expect(share).toHaveText(t.share);
      const match = /(\d+)\s?%/.exec(await share.innerText());
      expect(match, `the share of ${label}`).not.toBeNull();
      expect(Number(match![1]), `the share of ${label}`).toBe(percent);
      shown.push(percent);
    }
    for (const percent of shown) expect(percent).toBeGreaterThan(0);
    // Whole percents, each rounded: within one per speaker of 100.
    const sum = shown.reduce((total, percent) => total + percent, 0);
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(shown.length);

    // --- The title renamed in place. ---
    await page.getByRole('button', { name: t.renameTitle, exact: true }).click();
    const title = page.getByRole('textbox', { name: t.noteName });
    await expect(title).toBeFocused();
    await title.fill(t.readerRenamed);
    await page.getByRole('button', { name: t.saveName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.readerRenamed })).toBeVisible();
    await expect(title).toHaveCount(0);

    // --- Starred in the reader: the star toggle is pressed. ---
    await page.getByRole('button', { name: t.save, exact: true, pressed: false }).click();
    await expect(
      page.getByRole('button', { name: t.unsave, exact: true, pressed: true }),
    ).toBeVisible();

    // --- Moved into folder A from the reader: its count goes up once the list is back. ---
    const moveTo = async (name: string) => {
      await menuAction(page, page.getByRole('button', { name: t.more }), t.moveItem);
      const dialog = page.getByRole('dialog', { name: t.moveDialog });
      await dialog.getByRole('radio', { name }).check();
      await dialog.getByRole('button', { name: t.moveSubmit }).click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('[data-slot=reader-meta]')).toContainText(name);
    };
    await moveTo(t.folderA);
    await page.getByRole('button', { name: t.backToNotes }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/notes$`));
    await expect(row(page, t.readerRenamed)).toContainText(t.folderA);
    await expect(folder(t.folderA)).toHaveAccessibleDescription(t.count(1));
    await expect(folder(t.folderB)).toHaveAccessibleDescription(t.count(0));

    // --- The saved notes list it; unsaved in its reader, it leaves them. ---
    await navigate(page, t, t.savedNav);
    await expect(page.getByRole('heading', { level: 1, name: t.savedTitle })).toBeVisible();
    await page.getByRole('button', { name: t.readerRenamed, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/saved-notes\\?note=${note.id}$`));
    await page.getByRole('button', { name: t.unsave, exact: true }).click();
    await expect(page.getByRole('button', { name: t.save, exact: true })).toBeVisible();
    await page.getByRole('button', { name: t.backToNotes }).click();
    await expect(page.getByText(t.noSaved)).toBeVisible();

    // --- From folder A to folder B: A down by one, B up by one. ---
    await navigate(page, t, t.notesNav);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/notes$`));
    await page.getByRole('button', { name: t.readerRenamed, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.readerRenamed })).toBeVisible();
    await moveTo(t.folderB);
    await page.getByRole('button', { name: t.backToNotes }).click();
    await expect(row(page, t.readerRenamed)).toContainText(t.folderB);
    await expect(folder(t.folderA)).toHaveAccessibleDescription(t.count(0));
    await expect(folder(t.folderB)).toHaveAccessibleDescription(t.count(1));

    // --- Deleted from the reader: back to the list, the note gone, B down by one. ---
    await page.getByRole('button', { name: t.readerRenamed, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.readerRenamed })).toBeVisible();
    await menuAction(page, page.getByRole('button', { name: t.more }), t.deleteItem);
    const deleteDialog = page.getByRole('alertdialog', { name: t.deleteDialog });
    await deleteDialog.getByRole('button', { name: t.deleteConfirm }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/notes$`));
    await expect(row(page, t.readerRenamed)).toHaveCount(0);
    await expect(folder(t.folderB)).toHaveAccessibleDescription(t.count(0));
    await expect(folder(t.folderA)).toHaveAccessibleDescription(t.count(0));
    const gone = await request.get(`/api/note/${note.id}`, {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(gone.status()).toBe(404);
  });
}
