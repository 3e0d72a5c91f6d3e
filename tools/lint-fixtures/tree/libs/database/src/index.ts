export const connect = () => 'database';
