// Clean: a query class.
export class HolderNamesQuery {
  constructor(readonly userId: string) {}
}
