/** The new row's id, exact, from either driver's result. */
export function insertedId(raw: unknown): bigint {
  const id =
    typeof raw === 'object' && raw !== null ? (raw as { insertId?: unknown }).insertId : raw;
  if (typeof id === 'bigint') return id;
  if (typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))
    return BigInt(id);
  throw new Error(`the database reported no id for the new row (${typeof id})`);
}
