// The desk's words for what a product does for a crop, and for the kinds of crop problems: the
// values the server takes (`need`, `kind`) with their labels.
import type { Need, StaffProblem } from '@/types/desk';

export const NEEDS: { value: Need; label: string }[] = [
  { value: 'planting', label: 'Planting material' },
  { value: 'nutrition', label: 'Nutrition' },
  { value: 'protection', label: 'Protection' },
  { value: 'irrigation', label: 'Irrigation' },
  { value: 'tools', label: 'Tools' },
  { value: 'services', label: 'Services' },
];

export const PROBLEM_KINDS: { value: StaffProblem['kind']; label: string }[] = [
  { value: 'pest', label: 'Pest' },
  { value: 'disease', label: 'Disease' },
  { value: 'deficiency', label: 'Deficiency' },
];

export const kindLabel = (kind: StaffProblem['kind']) => PROBLEM_KINDS.find((k) => k.value === kind)?.label ?? kind;
