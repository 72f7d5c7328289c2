#!/usr/bin/env node
/**
 * Writes docs/settings.md and .env.example from the settings the parts of the shop read, so that each
 * setting is described once, beside the code that reads it (`npm run settings-docs`, which builds the
 * parts first). Each part describes its own: `node <part>/dist/main.js describe-settings` prints every
 * setting of its zod settings object with its default and its `.meta({ description })` (the PayPal
 * stand-in, which has no zod, from its own SETTINGS list). Two sources have no schema and are listed
 * below instead: tools/scripts/mf-release.mjs's settings, and the OpenTelemetry SDK's OTEL_* variables.
 * A setting several parts read is written once, with its readers, each default and each description.
 *
 *   node tools/scripts/settings-docs.mjs           writes both files
 *   node tools/scripts/settings-docs.mjs --check   writes nothing; exits 1, naming the first differing
 *                                                  line, when either file is not what it would write
 *   node tools/scripts/settings-docs.mjs --json    prints every setting with its readers, as JSON
 *
 * A plain script, as the other tools/scripts are: it only runs the built parts and writes text, so it
 * needs no build of its own, and the settings-lists test runs it as operators do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** The parts with a command line, in the order their readers are named. */
const PARTS = ['tools/launcher', 'services/gateway', 'services/catalog', 'services/users', 'services/orders', 'services/storefront', 'tools/paypal-stand-in'];

/**
 * tools/scripts/mf-release.mjs reads these with `process.env.NAME ?? default` and has no settings
 * object: its defaults are those of the storefront server, which describes the shared ones.
 * settings-lists.e2e-spec.ts checks that these are exactly the script's `process.env` names.
 */
const MF_RELEASE = {
  part: 'mf-release.mjs',
  settings: [
    {
      name: 'MF_RELEASES_DIR',
      default: '.data/mf-releases',
      description:
        "Where mf-release.mjs keeps published remote builds, their remotes.json (the storefront server's MF_REMOTES_FILE), canary.json, history.json (when each build retired or was rolled back), actions.jsonl (who did what) and the storefront servers' page-report counts.",
    },
    { name: 'MF_BUILD_RETENTION_MINUTES', default: '1440' },
    { name: 'MF_CANARY_MIN_SESSIONS', default: '30' },
    { name: 'MF_CANARY_ERROR_MARGIN_PERCENT', default: '5' },
    { name: 'MF_CANARY_CONFIDENCE_PERCENT', default: '99' },
    { name: 'MF_RELEASE_BY', description: 'The name the releases\' actions log gives to whoever runs mf-release.mjs; unset: the system user.' },
  ],
};

/**
 * The OpenTelemetry SDK's standard variables the shop's tracing is configured with (libs/telemetry);
 * every part reads them through the SDK, none through a settings object. Their defaults are the SDK's,
 * so .env.example leaves them commented.
 */
const OPEN_TELEMETRY = {
  part: 'every part (OpenTelemetry SDK)',
  sdkDefaults: true,
  settings: [
    {
      name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
      example: 'http://127.0.0.1:4318',
      description:
        'An OpenTelemetry Collector\'s OTLP endpoint (http://collector:4318): set, every part sends its traces there, one trace per order across the event bus (docs/operations.md, "Traces"). Unset, and without OTEL_TRACES_EXPORTER: tracing is off.',
    },
    { name: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', description: "The traces' own URL (http://collector:4318/v1/traces), instead of the endpoint's." },
    { name: 'OTEL_EXPORTER_OTLP_PROTOCOL', default: 'http/protobuf', description: 'http/protobuf, http/json or grpc.' },
    {
      name: 'OTEL_TRACES_SAMPLER',
      default: 'parentbased_always_on',
      description:
        'Which orders are traced, e.g. parentbased_traceidratio with OTEL_TRACES_SAMPLER_ARG=0.02 for one in fifty (compose.yaml\'s and the manifests\' setting). The gateway decides, for a trace coming from outside as for a new one (a client\'s sampled flag is not obeyed), and every part follows; what it costs: docs/operations.md, "What tracing costs".',
    },
    { name: 'OTEL_TRACES_SAMPLER_ARG', description: "The sampler's argument: parentbased_traceidratio's share of traces kept (0.02: one in fifty)." },
    { name: 'OTEL_SERVICE_NAME', description: "The service name spans carry; unset: the part's name (gateway, storefront, catalog, users, orders)." },
    { name: 'OTEL_RESOURCE_ATTRIBUTES', description: 'Attributes every span of the part carries (deployment.environment.name=production,service.namespace=shop).' },
    { name: 'OTEL_BSP_SCHEDULE_DELAY', default: '5000', description: 'How often spans are sent, in ms.' },
    {
      name: 'OTEL_BSP_MAX_QUEUE_SIZE',
      default: '2048',
      description: 'How many spans wait to be sent at most; beyond it new ones are dropped (raise it, or sample, at hundreds of orders a second).',
    },
    { name: 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', default: '512', description: 'How many spans go in one export.' },
    {
      name: 'OTEL_SDK_DISABLED',
      default: 'false',
      description: 'true: no tracing, whatever else is set. Every other standard OTEL_* setting of the OpenTelemetry SDK applies too (headers, timeouts, compression, limits).',
    },
  ],
};

/**
 * How the files group the settings, as an operator looks for them; a setting no group names stops the
 * generator, naming it (add it to the group of the part it belongs with).
 */
const GROUPS = [
  {
    title: 'The shop as a whole (npm start)',
    names: ['PORT', 'HOST', 'INSTANCE_PREFIX', 'DATABASE_URL', 'DATABASE_NAME', 'DATABASE_POOL_SIZE', 'DATABASE_PREPARED_STATEMENTS', 'NATS_URL', 'STREAM_REPLICAS', 'NATS_USER', 'NATS_PASSWORD', 'NATS_CREDS', 'DATA_DIR', 'REPLICAS', 'STOREFRONT_NICE', 'SERVICE_NODE_FLAGS', 'LOG_LEVEL', 'DRAIN_DELAY_MS', 'NODE_ENV', 'TRUST_PROXY', 'ENV_FILE'],
  },
  {
    title: 'Where the parts find each other',
    intro: 'npm start sets them from PORT; for a part run alone.',
    names: ['USERS_URL', 'JWKS_URL', 'CATALOG_URL', 'ORDERS_URL', 'STOREFRONT_URL'],
  },
  {
    title: 'Users service',
    names: ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'TOKEN_TTL', 'JWT_PRIVATE_KEY', 'SIGNING_KEY_SECRET', 'LOGIN_MAX_FAILURES', 'LOGIN_MAX_FAILURES_PER_ADDRESS', 'LOGIN_FAILURE_WINDOW', 'LOGIN_ACCOUNT_FREE_FAILURES', 'LOGIN_ACCOUNT_DELAY_MS', 'LOGIN_ACCOUNT_MAX_DELAY_MS', 'LOGIN_ACCOUNT_WINDOW', 'SIGN_UP_MAX_PER_ADDRESS', 'SIGN_UP_WINDOW', 'PASSWORD_RESET_MAX_PER_ADDRESS', 'PASSWORD_RESET_MAX_PER_EMAIL', 'PASSWORD_RESET_WINDOW', 'PASSWORD_HASH_CONCURRENCY', 'PASSWORD_HASH_MAX_WAIT_MS', 'UV_THREADPOOL_SIZE', 'ORDERS_TIMEOUT_MS'],
  },
  {
    title: 'Catalog service',
    names: ['UPLOAD_DIR', 'SEED_DEMO_CATALOG', 'PRODUCT_CACHE_MS', 'IMAGE_DECODE_MAX_BYTES', 'IMAGE_DECODES_AT_ONCE', 'IMAGE_DECODES_WAITING', 'IMAGE_BUCKET', 'IMAGE_BUCKET_ENDPOINT', 'IMAGE_BUCKET_REGION', 'IMAGE_BUCKET_ACCESS_KEY_ID', 'IMAGE_BUCKET_SECRET_ACCESS_KEY'],
  },
  {
    title: 'Gateway',
    names: ['RATE_LIMIT_PER_MINUTE', 'METRICS_PORT', 'REUSE_PORT', 'API_CACHE_MS', 'UPSTREAM_TIMEOUT_MS', 'HEADERS_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS', 'MAX_CONNECTIONS_PER_ADDRESS', 'PAYPAL_SDK_ORIGIN'],
  },
  {
    title: 'Storefront server',
    intro: 'services/storefront: the pages and the front end\'s files, behind the gateway; and tools/scripts/mf-release.mjs, which ships the remotes\' builds to it.',
    names: ['SSR', 'SSR_SLOT_BUDGET_MS', 'SSR_CACHE_MS', 'PUBLIC_URL', 'SHELL_DIR', 'MF_REMOTES', 'MF_REMOTES_FILE', 'MF_RELEASES_DIR', 'MF_BUILD_RETENTION_MINUTES', 'MF_CANARY_MIN_SESSIONS', 'MF_CANARY_ERROR_MARGIN_PERCENT', 'MF_CANARY_CONFIDENCE_PERCENT', 'MF_CANARY_CHECK_SECONDS', 'PAGE_REPORTS_PER_MINUTE', 'MF_RELEASE_BY'],
  },
  {
    title: 'Orders service: PayPal, and the PayPal stand-in',
    names: ['PAYPAL_API_BASE', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_SDK_URL', 'PAYPAL_TIMEOUT_MS', 'PAYMENT_HOLD', 'PAYPAL_STAND_IN_TEST_ENDPOINTS'],
  },
  {
    title: 'Mail (users and orders services)',
    intro: 'docs/mail.md. The shop\'s address in the mails\' links is PUBLIC_URL (above).',
    names: ['SMTP_URL', 'MAIL_FROM'],
  },
  {
    title: 'Tracing (OpenTelemetry; every part)',
    intro: 'docs/operations.md, "Traces". Off unless an endpoint (or OTEL_TRACES_EXPORTER) is set.',
    names: OPEN_TELEMETRY.settings.map(({ name }) => name),
  },
];

const ENV_EXAMPLE_HEADER = `# Settings of \`npm start\` and of every service, written by tools/scripts/settings-docs.mjs from the
# parts' settings (npm run settings-docs; docs/settings.md says the same). Copy to .env and change what you
# need; the real environment wins over .env. Every value below is the default; a setting without one, or
# whose parts differ on it, is commented out.
# Every part reads the .env of its working directory, npm start and a part run alone alike
# (\`node services/catalog/dist/main.js\` from the repository: this folder's). A variable shaped like a
# setting that no part reads (DATABSE_URL, CATALOG_PORT) is warned about at start, with the setting it
# most likely meant. ENV_FILE, in the real environment only, names another file instead (empty: none).`;

const DOCS_INTRO = `# Settings

Written by \`tools/scripts/settings-docs.mjs\` from the settings each part reads (\`npm run settings-docs\`);
each setting is described once, in its part's settings schema (\`.meta({ description })\`), and
[.env.example](../.env.example) says the same. Do not edit this page: change the schema and run the script
(tests/deploy's settings-lists test fails while the two differ).

Every part reads its settings from the environment, or from a \`.env\` file: the \`.env\` of its working
directory as it starts, npm start (the repository's) and a part run alone alike (\`node
services/catalog/dist/main.js\` from the repository reads the repository's \`.env\`; \`npm start -w
services/catalog\` runs in, and reads, \`services/catalog/\`), the real environment winning over the file.
\`ENV_FILE\` names another file instead. A bad or missing setting stops the part concerned with a list of
what is wrong. A variable shaped like a setting that no part of the shop reads (one of the settings' first
words, \`DATABASE_\`, \`NATS_\`, \`SMTP_\`, \`CATALOG_\`…, or at most two edits from a setting: \`DATABSE_URL\`,
\`SMTP_URLL\`, \`CATALOG_PORT\`) is warned about at start, one line on stderr with the setting it most likely
meant (\`did you mean DATABASE_URL?\`), and \`check-settings\` lists it under \`unknown\`; the environment's own
(\`PATH\`, \`NODE_*\`, \`npm_*\`, \`PG*\`, \`AWS_*\`, Kubernetes' service links…) and OpenTelemetry's \`OTEL_*\`
are left alone.

\`node <part>/dist/main.js check-settings\` prints what a part reads and what is wrong with what it has;
\`describe-settings\` prints each setting's default and description, as below. Where parts read one setting,
each is named with its default and, when it uses the setting differently, its own description.`;

/** `node <part>/dist/main.js describe-settings`, without a settings file: what the part reads and says of it. */
function describedBy(part) {
  const run = spawnSync(process.execPath, [join(repo, part, 'dist/main.js'), 'describe-settings'], {
    env: { PATH: process.env.PATH ?? '', ENV_FILE: '' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{')) throw new Error(`${part} describe-settings failed (exit ${run.status}; is it built? npm run settings-docs builds it): ${run.stderr}`);
  return JSON.parse(line);
}

/** Each setting once: its readers, each default with the readers that have it, each description with its readers. */
export function shopSettings() {
  const sources = [...PARTS.map(describedBy), MF_RELEASE, OPEN_TELEMETRY];
  const byName = new Map();
  for (const { part, settings, sdkDefaults } of sources) {
    for (const { name, default: value, description, example } of settings) {
      const setting = byName.get(name) ?? { name, readers: [], defaults: [], descriptions: [], example: undefined, sdkDefaults: Boolean(sdkDefaults) };
      setting.readers.push(part);
      const sameDefault = setting.defaults.find((entry) => entry.value === value);
      if (sameDefault) sameDefault.parts.push(part);
      else setting.defaults.push({ value, parts: [part] });
      if (description) {
        const same = setting.descriptions.find((entry) => entry.text === description);
        if (same) same.parts.push(part);
        else setting.descriptions.push({ text: description, parts: [part] });
      }
      setting.example ??= example;
      byName.set(name, setting);
    }
  }
  const grouped = GROUPS.flatMap((group) => group.names);
  const problems = [
    ...[...byName.keys()].filter((name) => !grouped.includes(name)).map((name) => `${name} is in no group of tools/scripts/settings-docs.mjs's GROUPS: add it to its part's`),
    ...grouped.filter((name) => !byName.has(name)).map((name) => `${name} is in GROUPS but no part reads it`),
    ...grouped.filter((name, index) => grouped.indexOf(name) !== index).map((name) => `${name} is in two GROUPS`),
    ...[...byName.values()].filter((setting) => setting.descriptions.length === 0).map(({ name }) => `${name} has no description`),
  ];
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return byName;
}

const EVERY_PART = PARTS.length;
/** Who reads a setting, as a reader would say it. */
const readersText = (parts) => (parts.length >= EVERY_PART ? 'every part' : parts.join(', '));
/** The one default every reader agrees on, or undefined. */
const agreedDefault = (setting) => (setting.defaults.length === 1 ? setting.defaults[0].value : undefined);

/** Text wrapped to lines of at most `width` characters. */
function wrapped(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A value as a .env line holds it: quoted when a shell or another reader would take it apart. */
const envValue = (value) => (/[<>#"'`$\\]|^\s|\s$/.test(value) ? `"${value.replace(/(["\\])/g, '\\$1')}"` : value);

function envLinesOf(setting) {
  const comment = (text) => wrapped(text, 108).map((line) => `# ${line}`);
  const lines = setting.descriptions.flatMap(({ text, parts }) => comment(`${readersText(parts)}: ${text}`));
  if (setting.defaults.length > 1) {
    lines.push(...comment(`Defaults: ${setting.defaults.map(({ value, parts }) => `${value ?? 'unset'} (${parts.join(', ')})`).join('; ')}.`));
  }
  const value = agreedDefault(setting);
  if (value !== undefined && value !== '' && !setting.sdkDefaults) lines.push(`${setting.name}=${envValue(value)}`);
  else lines.push(`# ${setting.name}=${envValue(setting.example ?? setting.defaults.find((entry) => entry.value)?.value ?? '')}`);
  return lines;
}

/** .env.example: the header, then each group's settings, each with its description as comments. */
export function envExampleOf(settings) {
  const sections = GROUPS.map((group) => {
    const intro = group.intro ? wrapped(group.intro, 108).map((line) => `# ${line}`) : [];
    return [`# --- ${group.title} ---`, ...intro, ...group.names.flatMap((name) => envLinesOf(settings.get(name)))].join('\n');
  });
  return `${ENV_EXAMPLE_HEADER}\n\n${sections.join('\n\n')}\n`;
}

const GITHUB_SLUG = (heading) => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

/** Prose for a Markdown table cell: the docs it names become links, and what Markdown would take as syntax is escaped. */
function markdownOf(text) {
  const escaped = text.replace(/[|*<>]/g, (character) => `\\${character}`);
  return escaped.replace(/docs\/([\w-]+\.md)(?:, "([^"]+)")?/g, (_, file, section) =>
    section ? `[docs/${file}, "${section}"](${file}#${GITHUB_SLUG(section)})` : `[docs/${file}](${file})`,
  );
}

const code = (value) => (value === '' ? 'empty' : `\`${value}\``);

function docsRowOf(setting) {
  const defaultText =
    setting.defaults.length === 1
      ? setting.defaults[0].value === undefined
        ? 'unset'
        : `${code(setting.defaults[0].value)}${setting.sdkDefaults ? " (the SDK's)" : ''}`
      : setting.defaults.map(({ value, parts }) => `${value === undefined ? 'unset' : code(value)} (${parts.join(', ')})`).join('; ');
  const descriptions =
    setting.descriptions.length === 1
      ? markdownOf(setting.descriptions[0].text)
      : setting.descriptions.map(({ text, parts }) => `**${readersText(parts)}:** ${markdownOf(text)}`).join('<br>');
  return `| \`${setting.name}\` | ${defaultText} | ${readersText(setting.readers)} | ${descriptions} |`;
}

/** docs/settings.md: the introduction, then a table per group. */
export function settingsPageOf(settings) {
  const sections = GROUPS.map((group) =>
    [
      `## ${group.title}`,
      '',
      ...(group.intro ? [markdownOf(group.intro), ''] : []),
      '| Setting | Default | Read by | Description |',
      '|---|---|---|---|',
      ...group.names.map((name) => docsRowOf(settings.get(name))),
    ].join('\n'),
  );
  return `${DOCS_INTRO}\n\n${sections.join('\n\n')}\n`;
}

/** The first line where `actual` and `expected` differ, for a message that says where to look. */
function firstDifference(actual, expected) {
  const [have, want] = [actual.split('\n'), expected.split('\n')];
  const line = have.findIndex((text, index) => text !== want[index]);
  const at = line === -1 ? have.length : line;
  return `line ${at + 1}:\n  the file:     ${have[at] ?? '(its end)'}\n  the settings: ${want[at] ?? '(its end)'}`;
}

const FILES = [
  ['docs/settings.md', settingsPageOf],
  ['.env.example', envExampleOf],
];

function main(argv) {
  const settings = shopSettings();
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify([...settings.values()], null, 2)}\n`);
    return 0;
  }
  let differs = false;
  for (const [path, render] of FILES) {
    const text = render(settings);
    if (!argv.includes('--check')) {
      writeFileSync(join(repo, path), text);
      process.stdout.write(`wrote ${path}\n`);
      continue;
    }
    const current = existsSync(join(repo, path)) ? readFileSync(join(repo, path), 'utf8') : '';
    if (current !== text) {
      differs = true;
      process.stdout.write(`${path} is not what the settings say, first at ${firstDifference(current, text)}\n`);
    }
  }
  if (differs) process.stdout.write('run npm run settings-docs to write them\n');
  return differs ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main(process.argv.slice(2));
