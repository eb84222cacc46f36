import type {
  BillingInterval,
  BillingSubscription,
  CheckoutStatus,
  Folder,
  GlossaryTerm,
  Minutes,
  Note,
  NoteDetail,
  Plan,
  PlanOffer,
  TranscriptRevision,
  TranscriptSplice,
  User,
} from '@protokoll/contract';
import { demoFolders } from './fixtures/folders.ts';
import { demoGlossary } from './fixtures/glossary.ts';
import { resetCounters } from './resets.ts';
import { boardMeetingDetail, demoNotes } from './fixtures/notes.ts';
import { demoMinutes, freePlan, planCatalogue } from './fixtures/plans.ts';
import { demoUser } from './fixtures/user.ts';

/**
 * The mock server's data. Default handlers read and write one shared instance, so a screen that
 * creates a folder sees it in the next list; scenarios build their own.
 */
export interface MockDb {
  user: User;
  plan: Plan;
  plans: PlanOffer[];
  paymentsEnabled: boolean;
  /** The user's Stripe subscription once one was bought here; null: none (Free). */
  subscription: BillingSubscription | null;
  /** Checkout sessions started here, by id. */
  checkouts: Map<string, MockCheckout>;
  minutes: Minutes;
  folders: Folder[];
  /** Glossary terms, the user's own (`folder_id` null) and the folders' (docs/product.md#glossary). */
  glossary: GlossaryTerm[];
  notes: Note[];
  /** Details that differ from what `detailFor(note)` would build (speaker names, summaries). */
  details: Map<number, NoteDetail>;
  /** Hand-made transcript changes by note, newest last (docs/product.md#editing-the-transcript). */
  revisions: Map<number, MockRevision[]>;
  nextId: number;
}

/** A transcript change as the mock server keeps it: what the list shows and what undo reverts. */
export interface MockRevision {
  revision: TranscriptRevision;
  splice: TranscriptSplice;
}

/** A checkout session of the mock server: what it buys and where it stands. */
export interface MockCheckout {
  planId: string;
  interval: BillingInterval;
  status: CheckoutStatus;
}

export function createMockDb(overrides: Partial<MockDb> = {}): MockDb {
  const db: MockDb = {
    user: { ...demoUser },
    plan: structuredClone(freePlan),
    plans: structuredClone(planCatalogue),
    paymentsEnabled: true,
    subscription: null,
    checkouts: new Map(),
    minutes: { ...demoMinutes },
    folders: structuredClone(demoFolders),
    glossary: structuredClone(demoGlossary),
    notes: structuredClone(demoNotes),
    details: new Map([[boardMeetingDetail.id, structuredClone(boardMeetingDetail)]]),
    revisions: new Map(),
    nextId: 100,
    ...overrides,
  };
  db.nextId = Math.max(
    db.nextId,
    ...db.notes.map((n) => n.id + 1),
    ...db.folders.map((f) => f.id + 1),
  );
  return db;
}

/** The instance behind `defaultHandlers`. */
export const mockDb: MockDb = createMockDb();

/** Puts the shared instance back to the fixtures: call between stories or tests that write. */
export function resetMockDb(): void {
  Object.assign(mockDb, createMockDb());
  resetCounters();
}
