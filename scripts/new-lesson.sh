#!/usr/bin/env bash
# Makes a new lesson folder with one working demo, which the site build picks up:
#   scripts/new-lesson.sh my-lesson ["My lesson's title"]
# writes lessons/my-lesson/lesson.json and lesson.html (ATTN_LESSONS=dir writes under
# another folder). Edit them as docs/lesson-format.md describes, then scripts/build.sh
# (or `node scripts/build-site.mjs` after a build) checks and publishes them.
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: scripts/new-lesson.sh NAME [TITLE]}
title=${2:-$name}
[[ $name =~ ^[a-z0-9][a-z0-9-]*$ ]] || { echo "new-lesson: NAME must be lower-case letters, digits and dashes (it is the lesson's address)" >&2; exit 1; }
lessons=${ATTN_LESSONS:-lessons}
dir=$lessons/$name
[[ -e $dir ]] && { echo "new-lesson: $dir already exists" >&2; exit 1; }
mkdir -p "$dir"

# After every lesson there is: the largest "order" plus one.
order=$(node -e '
  const fs = require("fs"), path = require("path"), dir = process.argv[1];
  const orders = fs.readdirSync(dir).map((s) => path.join(dir, s, "lesson.json")).filter(fs.existsSync)
    .map((f) => JSON.parse(fs.readFileSync(f, "utf8")).order ?? 0);
  console.log(Math.max(0, ...orders) + 1);' "$lessons")

TITLE="$title" ORDER="$order" SLUG="$name" node -e '
  const { TITLE: title, ORDER: order, SLUG: slug } = process.env;
  process.stdout.write(JSON.stringify({ slug, order: Number(order), title, kicker: `Lesson ${order}`,
    summary: "One sentence on what the learner will be able to do.", minutes: 10 }) + "\n");' > "$dir/lesson.json"

cat > "$dir/lesson.html" <<'HTML'
<p class="lede">One paragraph on what this lesson is about. Replace this text; docs/lesson-format.md lists every element you can use.</p>

<section id="residual">
<h2>A first demo</h2>
<p>The demo below adds each token back to attention's output. Its parameters, controls and code come from the core.</p>
<div class="demo" data-demo="block_residual" data-instance="first" data-hide="residual"></div>
<p>Token 0 leaves the demo as <span data-num="first.row0_output"></span>.<span data-claim="first.residual" data-is="on"> The input was added back.</span><span data-claim="first.residual" data-is="off"> The input was not added back.</span></p>
<p data-defaults="first"><strong>Try it:</strong> change a token and watch its row move. This paragraph is marked as soon as the demo leaves the lesson's values.</p>
</section>

<section id="check">
<h2>Knowledge check</h2>
<div class="check">
<h3>Question 1</h3>
<p>What does the residual connection add to attention's output?</p>
<label>Your answer <textarea rows="2"></textarea></label>
<details>
<summary>Reveal the explanation</summary>
<p>The input itself, unchanged: the output is \(x + \operatorname{Attention}(x)\).</p>
</details>
</div>
</section>
HTML
echo "new-lesson: made $dir (order $order); build with scripts/build.sh and open site/$name/"
