// The one spelling of a table name a contract may use: a plain identifier, so the name can be quoted in
// SQL without any escaping and no contract can smuggle a statement into the row count.
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
