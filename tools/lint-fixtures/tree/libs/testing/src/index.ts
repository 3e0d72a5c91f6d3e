// Clean: the fixture's test library.
export const startTestApp = () => 'test app';
