import type { LucideIcon } from 'lucide-react';
import { Braces, Gauge, Layers, Library, PenLine, Rocket, ShieldCheck, WandSparkles, Zap } from 'lucide-react';

/**
 * Everything the landing page says, in one place. Plans and stats are docs/product.md's wording
 * (Landing); the prompt-oriented variant swaps the stats only.
 */

declare global {
  interface ImportMetaEnv {
    /** `prompts` selects the prompt-oriented landing variant; anything else, the default. */
    readonly VITE_LANDING_VARIANT?: string;
  }
}

/** Which landing the build shows: `VITE_LANDING_VARIANT=prompts` selects the prompt-oriented one. */
export type LandingVariant = 'apps' | 'prompts';

export function landingVariant(value: unknown = import.meta.env.VITE_LANDING_VARIANT): LandingVariant {
  return typeof value === 'string' && value.trim().toLowerCase() === 'prompts' ? 'prompts' : 'apps';
}

export interface Stat {
  value: string;
  label: string;
}

export const STATS: Record<LandingVariant, readonly Stat[]> = {
  apps: [
    { value: '12,500+', label: 'apps generated' },
    { value: '90%', label: 'time saved' },
    { value: '4x', label: 'productivity' },
  ],
  prompts: [
    { value: '10,000+', label: 'prompts crafted' },
    { value: '95%', label: 'time saved' },
    { value: '10x', label: 'productivity' },
  ],
};

export interface Plan {
  id: 'starter' | 'pro' | 'enterprise';
  name: string;
  /** The price as docs/product.md writes it, shown as amount + period. */
  amount: string;
  period: string;
  blurb: string;
  features: readonly string[];
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    amount: '$9.99',
    period: '/mo',
    blurb: 'For makers turning their first ideas into working apps.',
    features: ['5 app generations', 'Basic AI insights', 'Email support'],
    popular: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    amount: '$24.99',
    period: '/mo',
    blurb: 'For builders who ship every week and want deeper insight.',
    features: ['25 generations', 'Advanced AI analytics', 'Priority support'],
    popular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    amount: 'Custom',
    period: ' pricing',
    blurb: 'For teams that need scale, guarantees and their own stack.',
    features: ['Unlimited apps', 'Dedicated support', 'Custom integrations'],
    popular: false,
  },
];

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export const FEATURES: readonly Feature[] = [
  {
    icon: Zap,
    title: 'Instant app generation',
    description: 'Describe what you want in plain words and get a working React app, with components, state and styling wired up.',
  },
  {
    icon: Braces,
    title: 'Smart templates',
    description: 'Turn your best prompts into templates with variables. Fill them in, preview the result live, and reuse them forever.',
  },
  {
    icon: WandSparkles,
    title: 'AI enhancement',
    description: 'One click clarifies a rough prompt into a precise brief, so the first result is closer to what you meant.',
  },
  {
    icon: Library,
    title: 'Curated prompt library',
    description: 'Start from proven prompts across tasks and industries, then copy any of them into your own workspace.',
  },
  {
    icon: Layers,
    title: 'Context that follows you',
    description: 'Keep a global prefix, suffix and reusable snippets, and apply your house style to every prompt automatically.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure by default',
    description: 'Private workspaces, short-lived sessions and a strict content security policy protect your ideas.',
  },
];

export const STEPS: readonly Feature[] = [
  {
    icon: PenLine,
    title: 'Describe your idea',
    description: 'Write what the app should do, or start from a template in the library. No boilerplate, no blank page.',
  },
  {
    icon: Gauge,
    title: 'Refine in seconds',
    description: 'Enhance the prompt with AI, fill in the variables and watch the live preview update as you type.',
  },
  {
    icon: Rocket,
    title: 'Ship your app',
    description: 'Generate clean React code you own, iterate on it, and move on to the next idea while it is still fresh.',
  },
];

export const BENEFITS: readonly string[] = [
  'Go from idea to a running prototype in minutes, not weeks',
  'Reuse what works: every prompt becomes a building block',
  'Consistent results with shared context and templates',
  'Clean, readable React code that you fully own',
];
