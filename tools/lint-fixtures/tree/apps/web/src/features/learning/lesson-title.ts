// Clean: a feature's own code.
export const lessonTitle = () => 'lesson';
