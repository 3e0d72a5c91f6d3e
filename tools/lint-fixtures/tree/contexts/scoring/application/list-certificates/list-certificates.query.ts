// Clean: a query class.
export class ListCertificatesQuery {
  constructor(readonly userId: string) {}
}
