// Where this browser keeps a member's unsealed messaging key between page loads: IndexedDB, as a
// key WebCrypto will use but never hand back (non-extractable). Dropped at sign-out.
const DATABASE = "halcyon-messaging";
const STORE = "keys";

export interface KeptKey {
  userId: number;
  kid: string;
  privateKey: CryptoKey;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "userId" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export function keepKey(key: KeptKey): Promise<unknown> {
  return run("readwrite", (store) => store.put(key));
}

export async function keptKey(userId: number): Promise<KeptKey | undefined> {
  return (await run<KeptKey | undefined>("readonly", (store) => store.get(userId))) ?? undefined;
}

/** Forgets every key this browser kept (sign-out). */
export function forgetKeys(): Promise<unknown> {
  return run("readwrite", (store) => store.clear());
}
