/** The desk's calls for EU VAT (server/vat/vat-routes.ts), parsed by the shared schemas. */
import {
  ossAnswerSchema,
  thresholdAnswerSchema,
  VAT_REPORTS_API,
  vat3AnswerSchema,
  viesAnswerSchema,
} from '../../../../domain/vat/vat-reports';
import { call } from '../desk-api';

const q = (name: string, value: string) => `?${new URLSearchParams({ [name]: value }).toString()}`;

export const vatApi = {
  threshold: () => call('GET', VAT_REPORTS_API.threshold, thresholdAnswerSchema),
  oss: (quarter: string) => call('GET', `${VAT_REPORTS_API.oss}${q('quarter', quarter)}`, ossAnswerSchema),
  vat3: (period: string) => call('GET', `${VAT_REPORTS_API.vat3}${q('period', period)}`, vat3AnswerSchema),
  vies: (quarter: string) => call('GET', `${VAT_REPORTS_API.vies}${q('quarter', quarter)}`, viesAnswerSchema),
  ossCsvUrl: (quarter: string) => `${VAT_REPORTS_API.ossCsv}${q('quarter', quarter)}`,
  vat3CsvUrl: (period: string) => `${VAT_REPORTS_API.vat3Csv}${q('period', period)}`,
  viesCsvUrl: (quarter: string) => `${VAT_REPORTS_API.viesCsv}${q('quarter', quarter)}`,
};
