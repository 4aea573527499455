import '@mantine/dates/styles.css';

export { DatePickerInput } from '@mantine/dates';
