// The workloads both languages measure: sizes and seeds.
export const SMALL = { count: 4000, seed: 42 };
export const LARGE = { count: 12, seed: 4242 };
