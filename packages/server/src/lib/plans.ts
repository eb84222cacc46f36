import {
  DEFAULT_PLAN_NAME,
  FREE_PLAN_TYPE,
  planFeature,
  type Plan,
  type PlanOffer,
} from '@protokoll/contract';

/** Which summary models a plan may use (PRODUCT.md: premium models need a paid plan). */
export type ModelTier = 'standard' | 'premium';

/** A plan as the server knows it: the public offer plus the rules the server enforces. */
export interface PlanDefinition extends PlanOffer {
  modelTier: ModelTier;
  speakerDetection: boolean;
  /** Members of a team including the owner; 1 for a single account. */
  teamSize: number;
}

/**
 * The plan catalogue (PRODUCT.md "Plans"): the one place to change plans, minutes and prices.
 * Prices in cents, EUR. The first entry is everyone's default plan.
 */
export const PLAN_CATALOGUE: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: DEFAULT_PLAN_NAME,
    type: FREE_PLAN_TYPE,
    features: [
      planFeature.minutes30,
      planFeature.maxFile30,
      planFeature.standardModel,
      planFeature.allExports,
    ],
    minutes_per_month: 30,
    max_file_minutes: 30,
    price_month: 0,
    price_year: 0,
    currency: 'EUR',
    modelTier: 'standard',
    speakerDetection: false,
    teamSize: 1,
  },
  {
    id: 'starter',
    name: 'Starter',
    type: 'paid',
    features: [planFeature.minutes300, planFeature.standardModel, planFeature.allExports],
    minutes_per_month: 300,
    max_file_minutes: null,
    price_month: 900,
    price_year: 9_000,
    currency: 'EUR',
    modelTier: 'standard',
    speakerDetection: false,
    teamSize: 1,
  },
  {
    id: 'pro',
    name: 'Pro',
    type: 'paid',
    features: [
      planFeature.minutes1200,
      planFeature.premiumModel,
      planFeature.speakerDetection,
      planFeature.allExports,
    ],
    minutes_per_month: 1_200,
    max_file_minutes: null,
    price_month: 2_900,
    price_year: 29_000,
    currency: 'EUR',
    modelTier: 'premium',
    speakerDetection: true,
    teamSize: 1,
  },
  {
    id: 'business',
    name: 'Business',
    type: 'paid',
    features: [
      planFeature.minutes6000,
      planFeature.premiumModel,
      planFeature.speakerDetection,
      planFeature.team10,
      planFeature.allExports,
    ],
    minutes_per_month: 6_000,
    max_file_minutes: null,
    price_month: 9_900,
    price_year: 99_000,
    currency: 'EUR',
    modelTier: 'premium',
    speakerDetection: true,
    teamSize: 10,
  },
];

export const DEFAULT_PLAN: PlanDefinition = PLAN_CATALOGUE[0]!;

/** The plan with this id; an id no longer in the catalogue falls back to the default plan. */
export function planById(id: string): PlanDefinition {
  return PLAN_CATALOGUE.find((plan) => plan.id === id) ?? DEFAULT_PLAN;
}

/** SPEC §3 Plan: what `GET /api/user/plan` answers. */
export function toPlan({ id, name, type, features }: PlanDefinition): Plan {
  return { id, name, type, features: [...features] };
}

/** The public offer, without the server's own rules. */
export function toOffer(plan: PlanDefinition): PlanOffer {
  const { modelTier: _m, speakerDetection: _s, teamSize: _t, ...offer } = plan;
  return { ...offer, features: [...offer.features] };
}
