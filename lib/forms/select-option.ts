/** One choice of a select field: what the form sends and what the member reads. */
export interface SelectOption {
  value: string;
  label: string;
}
