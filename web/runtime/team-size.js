// How many workers share a training's steps (train-worker.js): as many as asked for, at most the batch's
// parts, in a power of two (the fixed tree the parts' gradients are summed by, core/nn/batch_parts.hpp).

/** The most parts any training's batch is cut into (nn::batch_parts: 4 for the transformers, nn::lm::kParts: 4). */
export const MOST_PARTS = 4;

/** 1, 2 or 4 workers: as many as asked for, at most the parts, in a power of two. */
export function workerCount(parts, asked) {
  let count = 1;
  while (count * 2 <= Math.min(parts, asked)) count *= 2;
  return count;
}
