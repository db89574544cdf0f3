/** An Indian mobile number as people write it (`+91 98470 12345`); any other number as it is. */
export const formatPhone = (phone: string): string => phone.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');
