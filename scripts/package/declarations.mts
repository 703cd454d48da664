// Package check (scripts/package/check.sh): the package's own declarations compile under a
// strict consumer's flags (tsconfig.declarations.json: skipLibCheck false) with Node's types
// and no DOM. msw's entry is left out: msw's declarations need the DOM library.
export * as core from 'zulip-understudy';
export * as fetchDoor from 'zulip-understudy/fetch';
export * as nodeHttp from 'zulip-understudy/node-http';
export * as conformance from 'zulip-understudy/conformance';
