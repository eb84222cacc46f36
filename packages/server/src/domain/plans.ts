import { DEFAULT_PLAN_OFFERS, type Plan, type PlanOffer } from '@protokoll/contract';

/**
 * Which summary models a plan may use (docs/minutes.md#premium: premium models need a paid plan).
 */
export type ModelTier = 'standard' | 'premium';

/** A plan as the server knows it: the public offer plus the rules the server enforces. */
export interface PlanDefinition extends PlanOffer {
  modelTier: ModelTier;
  /** From the offer's `speaker_labels` (absent: true). */
  speakerDetection: boolean;
  /**
   * Members a team may have besides its owner (docs/product.md#teams); 0: the plan has no team.
   */
  teamSeats: number;
}

/** What the server enforces per plan, on top of the public offer. */
const RULES: Record<string, Pick<PlanDefinition, 'modelTier' | 'teamSeats'>> = {
  free: { modelTier: 'standard', teamSeats: 0 },
  starter: { modelTier: 'standard', teamSeats: 0 },
  pro: { modelTier: 'premium', teamSeats: 0 },
  business: { modelTier: 'premium', teamSeats: 10 },
};

/**
 * The plan catalogue (docs/minutes.md#plans): the contract's default offers plus these rules.
 * The first entry is everyone's default plan.
 */
export const PLAN_CATALOGUE: readonly PlanDefinition[] = DEFAULT_PLAN_OFFERS.map((offer) => {
  const rules = RULES[offer.id];
  if (!rules) throw new Error(`No server rules for plan "${offer.id}"`);
  // Speaker labels are part of every plan unless its offer takes them off (docs/minutes.md#plans).
  const speakerDetection = offer.speaker_labels !== false;
  return { ...offer, ...rules, speakerDetection, speaker_labels: speakerDetection };
});

export const DEFAULT_PLAN: PlanDefinition = PLAN_CATALOGUE[0]!;

/** The plan with this id; an id no longer in the catalogue falls back to the default plan. */
export function planById(id: string): PlanDefinition {
  return PLAN_CATALOGUE.find((plan) => plan.id === id) ?? DEFAULT_PLAN;
}

/** The plan as `GET /api/user/plan` answers it (docs/minutes.md#plans). */
export function toPlan({ id, name, type, features, speakerDetection }: PlanDefinition): Plan {
  return { id, name, type, features: [...features], speaker_labels: speakerDetection };
}

/** The public offer, without the server's own rules. */
export function toOffer(plan: PlanDefinition): PlanOffer {
  const { modelTier: _m, speakerDetection: _s, teamSeats: _t, ...offer } = plan;
  return { ...offer, features: [...offer.features] };
}
