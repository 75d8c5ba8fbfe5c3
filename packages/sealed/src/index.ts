// The browser's (and the tests') encryption for messaging: keys, sealed private keys, sealed
// messages and safety numbers, all standard JWE through `jose`. Nothing here reaches a server.
export * from "./keys";
export * from "./messages";
export * from "./secrets";
export { KeyMismatchError, keyMatchesId, verifiedKey } from "./key-ids";
export { newRecoveryCode, normalizeRecoveryCode } from "./recovery-code";
export { safetyNumber } from "./safety-number";
export { openFile, sealFile } from "./files";
