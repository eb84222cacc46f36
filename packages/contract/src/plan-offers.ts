// Without zod: the build reads the catalogue too (the pricing page, app/content.ts).
import { DEFAULT_PLAN_NAME, FREE_PLAN_TYPE } from './constants.ts';

/**
 * A plan of the catalogue as plain data: the shape the `PlanOffer` schema (user.ts) parses, which
 * user.test.ts holds equal to this one. Prices in cents; null: unlimited, or not sold that way.
 */
export interface CatalogueOffer {
  id: string;
  name: string;
  /** `free` or another type (e.g. `paid`). */
  type: string;
  /** i18n keys (`planFeature`). */
  features: string[];
  speaker_labels?: boolean | undefined;
  minutes_per_month: number | null;
  max_file_minutes: number | null;
  price_month: number | null;
  price_year: number | null;
  currency: string;
}

/** i18n keys of the default plans' features (docs/minutes.md#plans), under `plans.features.`. */
export const planFeature = {
  minutes30: 'plans.features.minutes30',
  minutes300: 'plans.features.minutes300',
  minutes1200: 'plans.features.minutes1200',
  minutes6000: 'plans.features.minutes6000',
  maxFile30: 'plans.features.maxFile30',
  standardModel: 'plans.features.standardModel',
  premiumModel: 'plans.features.premiumModel',
  speakerDetection: 'plans.features.speakerDetection',
  team10: 'plans.features.team10',
  allExports: 'plans.features.allExports',
} as const;
export type PlanFeature = (typeof planFeature)[keyof typeof planFeature];

/**
 * docs/minutes.md#plans: the default catalogue (speaker labels on every plan, like the free tiers
 * of comparable services; `speaker_labels: false` takes them off a plan), one place for names, minutes and prices (cents,
 * EUR). The first entry is everyone's default plan. The server adds the rules it enforces.
 */
export const DEFAULT_PLAN_OFFERS: readonly CatalogueOffer[] = [
  {
    id: 'free',
    name: DEFAULT_PLAN_NAME,
    type: FREE_PLAN_TYPE,
    features: [
      planFeature.minutes30,
      planFeature.maxFile30,
      planFeature.standardModel,
      planFeature.speakerDetection,
      planFeature.allExports,
    ],
    minutes_per_month: 30,
    max_file_minutes: 30,
    price_month: 0,
    price_year: 0,
    currency: 'EUR',
    speaker_labels: true,
  },
  {
    id: 'starter',
    name: 'Starter',
    type: 'paid',
    features: [
      planFeature.minutes300,
      planFeature.standardModel,
      planFeature.speakerDetection,
      planFeature.allExports,
    ],
    minutes_per_month: 300,
    max_file_minutes: null,
    price_month: 900,
    price_year: 9_000,
    currency: 'EUR',
    speaker_labels: true,
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
    speaker_labels: true,
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
    speaker_labels: true,
  },
];
