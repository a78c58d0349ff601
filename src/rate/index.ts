/** Rating on Sudoku Explainer 1.2.1's scale (ER/EP/ED), step by step (seed 004). */
export { CandidateGrid } from "./grid.js";
export { formatRating, type Candidate, type ChainLink, type Chain, type Step } from "./step.js";
export { PRODUCERS, nextStep, type Producer } from "./techniques.js";
export { applyStep, ER_UNSOLVED, rateGrid, ratePuzzle, SE_PRODUCER_COUNT, type EarlyStop, type RateGridOptions, type RateOptions, type RateResult } from "./rate.js";
export { gridsBeforeSteps } from "./step-grids.js";
export { describeStep, describeChains, chainText, linkText, unitName, placementText, eliminationText, hardestStep } from "./explain.js";
