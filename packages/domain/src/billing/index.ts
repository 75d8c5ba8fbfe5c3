// What other features (card payments, billing documents) call of the clinic's money.
export { patientBalance, recordPayment, recordRefund, reverseEntry, type MoneyServices, type RecordPaymentInput, type RecordRefundInput } from "./ledger";
export { invoiceNumber, invoiceWithLines, issueInvoice, listInvoices, type InvoiceWithLines } from "./invoices";
export { formatMoney, percentOf, parseMoney, minorDigits } from "./money";
export { receivablesCsv } from "./receivables";
export { agreedFee } from "./agreed-fee";
export { cptCodeFor } from "./cpt";
