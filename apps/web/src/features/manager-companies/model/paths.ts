/** The companies screen (001 §2 /manager/users child `companies`) and the reference data screen (ADR 0051). */
export const COMPANIES_PATH = '/manager/users/companies';
export const REFERENCE_DATA_PATH = '/manager/reference-data';
