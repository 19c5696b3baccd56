/*
 * B2B Access client script, served at /plugins/b2b-access.js (DECISIONS.md 26, 31): refreshes the
 * price and buy blocks of a page loaded from the guest cache after a sign-in in another tab.
 * Its content is written by the storefront-session engineer (branch access-session); the backend
 * module only declares and serves it.
 */
