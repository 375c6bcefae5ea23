/**
 * States and provinces of the countries whose shipping and tax usually depend on them, with their names: shoppers
 * pick "California", the server gets ISO 3166-2 `US-CA`. Browsers have no names for these (Intl only names countries).
 */
const LISTS: Record<string, string> = {
  US: 'AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|PR Puerto Rico|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming',
  CA: 'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NS Nova Scotia|NT Northwest Territories|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|YT Yukon',
  BR: 'AC Acre|AL Alagoas|AP Amapá|AM Amazonas|BA Bahia|CE Ceará|DF Distrito Federal|ES Espírito Santo|GO Goiás|MA Maranhão|MT Mato Grosso|MS Mato Grosso do Sul|MG Minas Gerais|PA Pará|PB Paraíba|PR Paraná|PE Pernambuco|PI Piauí|RJ Rio de Janeiro|RN Rio Grande do Norte|RS Rio Grande do Sul|RO Rondônia|RR Roraima|SC Santa Catarina|SP São Paulo|SE Sergipe|TO Tocantins',
  AU: 'ACT Australian Capital Territory|NSW New South Wales|NT Northern Territory|QLD Queensland|SA South Australia|TAS Tasmania|VIC Victoria|WA Western Australia',
  MX: 'AGU Aguascalientes|BCN Baja California|BCS Baja California Sur|CAM Campeche|CHP Chiapas|CHH Chihuahua|CMX Ciudad de México|COA Coahuila|COL Colima|DUR Durango|GUA Guanajuato|GRO Guerrero|HID Hidalgo|JAL Jalisco|MEX Estado de México|MIC Michoacán|MOR Morelos|NAY Nayarit|NLE Nuevo León|OAX Oaxaca|PUE Puebla|QUE Querétaro|ROO Quintana Roo|SLP San Luis Potosí|SIN Sinaloa|SON Sonora|TAB Tabasco|TAM Tamaulipas|TLA Tlaxcala|VER Veracruz|YUC Yucatán|ZAC Zacatecas',
  IN: 'AN Andaman and Nicobar Islands|AP Andhra Pradesh|AR Arunachal Pradesh|AS Assam|BR Bihar|CH Chandigarh|CT Chhattisgarh|DH Dadra and Nagar Haveli and Daman and Diu|DL Delhi|GA Goa|GJ Gujarat|HR Haryana|HP Himachal Pradesh|JK Jammu and Kashmir|JH Jharkhand|KA Karnataka|KL Kerala|LA Ladakh|LD Lakshadweep|MP Madhya Pradesh|MH Maharashtra|MN Manipur|ML Meghalaya|MZ Mizoram|NL Nagaland|OR Odisha|PY Puducherry|PB Punjab|RJ Rajasthan|SK Sikkim|TN Tamil Nadu|TG Telangana|TR Tripura|UP Uttar Pradesh|UT Uttarakhand|WB West Bengal',
};

export interface Subdivision {
  /** ISO 3166-2, such as `US-CA`. */
  code: string;
  name: string;
}

const cache = new Map<string, Subdivision[]>();

/** The states or provinces of `country` in name order, or undefined when the country is not listed. */
export function subdivisionsOf(country: string | undefined): Subdivision[] | undefined {
  if (!country || !LISTS[country]) return undefined;
  let list = cache.get(country);
  if (!list) {
    list = LISTS[country]
      .split('|')
      .map((entry) => {
        const at = entry.indexOf(' ');
        return { code: `${country}-${entry.slice(0, at)}`, name: entry.slice(at + 1) };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    cache.set(country, list);
  }
  return list;
}

/** "California" for `US-CA`; the code itself when it is not listed. */
export function subdivisionName(code: string): string {
  return subdivisionsOf(code.split('-')[0])?.find((s) => s.code === code)?.name ?? code;
}
