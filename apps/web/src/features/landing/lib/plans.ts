/**
 * The plans shown on the home page (spec section 9). The allowances are the numbers the server counts
 * with (FREE_GENERATIONS and PLAN_ALLOWANCES in @vitrine/shared/api/generations, which would bring zod
 * into the home page's bundle); plans.test.ts keeps them equal.
 */
export const FREE_GENERATIONS = 3;
export const PLAN_ALLOWANCES = { starter: 40, pro: 100 } as const;
/** Euros a month (PLAN_PRICES_EUR in @vitrine/shared/api/billing, which the checkout pages show). */
export const PLAN_PRICES_EUR = { free: 0, starter: 29, pro: 59 } as const;
