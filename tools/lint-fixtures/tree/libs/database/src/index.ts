// Clean: the database library the forbidden imports reach for.
export const connect = () => 'database';
