// The real site build (scripts/build-site.mjs) run on another folder of lessons,
// into a scratch site, as the build's tests need it.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT } from './core.mjs';
import { scratchDir } from '../../scripts/scratch-dir.mjs';

/** Builds the lessons of `folder` into a new scratch site, with `env` added; returns {status, stderr, site}. */
export function buildLessons(folder, env = {}) {
  const site = scratchDir('attn-site-');
  const run = spawnSync('node', ['scripts/build-site.mjs'], {
    cwd: ROOT, encoding: 'utf8', env: { ...process.env, ATTN_LESSONS: folder, ATTN_SITE: site, ...env },
  });
  return { status: run.status, stderr: run.stderr, site };
}
