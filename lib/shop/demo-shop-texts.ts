import type { Locale } from "@/lib/i18n/locales";

/** A product's words in one language: its name, a sentence or two about it, and a package's components' names. */
export interface ProductText {
  name: string;
  description: string;
  /** A package's components, in the order the product lists them; empty for any other kind. */
  componentNames?: string[];
}

export type ProductTexts = Record<Locale, ProductText>;

/**
 * The demo shop's products in the portal's five languages, seeded into
 * `portal.shop_product_texts` beside the products of sandbox.json. English
 * repeats sandbox.json's names (a test holds them equal), so the English
 * shop reads as before. Airport codes, flight numbers and brand names stay
 * as they are in every language.
 */
export const demoShopTexts: Record<string, ProductTexts> = {
  "FLIGHT-LHR-MAD": {
    en: {
      name: "London Heathrow to Madrid, economy",
      description: "A direct morning flight to Madrid-Barajas, one adult in economy, with a cabin bag included.",
    },
    es: {
      name: "Londres Heathrow a Madrid, turista",
      description:
        "Un vuelo directo de mañana a Madrid-Barajas, un adulto en clase turista, con equipaje de mano incluido.",
    },
    ca: {
      name: "Londres Heathrow a Madrid, turista",
      description: "Un vol directe de matí a Madrid-Barajas, un adult en classe turista, amb equipatge de mà inclòs.",
    },
    fr: {
      name: "Londres Heathrow à Madrid, classe économique",
      description: "Un vol direct du matin vers Madrid-Barajas, un adulte en classe économique, bagage cabine compris.",
    },
    it: {
      name: "Londra Heathrow a Madrid, economy",
      description: "Un volo diretto del mattino per Madrid-Barajas, un adulto in economy, bagaglio a mano incluso.",
    },
  },
  "FLIGHT-LHR-JFK-RETURN": {
    en: {
      name: "London Heathrow to New York JFK and back, 2 adults",
      description: "Return flights to New York JFK for two adults in economy, a week apart.",
    },
    es: {
      name: "Londres Heathrow a Nueva York JFK, ida y vuelta, 2 adultos",
      description:
        "Vuelos de ida y vuelta a Nueva York JFK para dos adultos en clase turista, con una semana de diferencia.",
    },
    ca: {
      name: "Londres Heathrow a Nova York JFK, anada i tornada, 2 adults",
      description:
        "Vols d’anada i tornada a Nova York JFK per a dos adults en classe turista, amb una setmana de diferència.",
    },
    fr: {
      name: "Londres Heathrow à New York JFK, aller-retour, 2 adultes",
      description: "Vols aller-retour vers New York JFK pour deux adultes en classe économique, à une semaine d'écart.",
    },
    it: {
      name: "Londra Heathrow a New York JFK, andata e ritorno, 2 adulti",
      description: "Voli di andata e ritorno per New York JFK per due adulti in economy, a una settimana di distanza.",
    },
  },
  "FLIGHT-LHR-SYD-BUSINESS": {
    en: {
      name: "London Heathrow to Sydney, business",
      description: "One adult in business class to Sydney, with a flat bed and lounge access before departure.",
    },
    es: {
      name: "Londres Heathrow a Sídney, business",
      description: "Un adulto en clase business a Sídney, con cama plana y acceso a la sala VIP antes de la salida.",
    },
    ca: {
      name: "Londres Heathrow a Sydney, business",
      description: "Un adult en classe business a Sydney, amb llit pla i accés a la sala VIP abans de la sortida.",
    },
    fr: {
      name: "Londres Heathrow à Sydney, classe affaires",
      description: "Un adulte en classe affaires vers Sydney, avec lit plat et accès au salon avant le départ.",
    },
    it: {
      name: "Londra Heathrow a Sydney, business",
      description:
        "Un adulto in business class per Sydney, con letto piatto e accesso alla lounge prima della partenza.",
    },
  },
  "SEAT-EXTRA-LEGROOM": {
    en: {
      name: "Extra legroom seat",
      description: "A seat with more room for your legs on your next Northstar flight.",
    },
    es: {
      name: "Asiento con más espacio para las piernas",
      description: "Un asiento con más espacio para las piernas en tu próximo vuelo de Northstar.",
    },
    ca: {
      name: "Seient amb més espai per a les cames",
      description: "Un seient amb més espai per a les cames en el teu proper vol de Northstar.",
    },
    fr: {
      name: "Siège avec plus d'espace pour les jambes",
      description: "Un siège avec plus d'espace pour les jambes sur votre prochain vol Northstar.",
    },
    it: {
      name: "Posto con più spazio per le gambe",
      description: "Un posto con più spazio per le gambe sul tuo prossimo volo Northstar.",
    },
  },
  "LOUNGE-LHR": {
    en: {
      name: "Heathrow lounge pass",
      description: "One visit to the lounge at Heathrow before your flight: seats, food, drinks and Wi-Fi.",
    },
    es: {
      name: "Pase a la sala VIP de Heathrow",
      description: "Una visita a la sala VIP de Heathrow antes de tu vuelo: asientos, comida, bebidas y wifi.",
    },
    ca: {
      name: "Passi a la sala VIP de Heathrow",
      description: "Una visita a la sala VIP de Heathrow abans del teu vol: seients, menjar, begudes i wifi.",
    },
    fr: {
      name: "Accès au salon de Heathrow",
      description: "Une visite au salon de Heathrow avant votre vol : sièges, repas, boissons et wifi.",
    },
    it: {
      name: "Accesso alla lounge di Heathrow",
      description: "Un ingresso alla lounge di Heathrow prima del volo: posti a sedere, cibo, bevande e wifi.",
    },
  },
  "HOTEL-MAD-3N": {
    en: {
      name: "Hotel in central Madrid, 3 nights",
      description: "Three nights for two in a hotel near the Puerta del Sol, breakfast included.",
    },
    es: {
      name: "Hotel en el centro de Madrid, 3 noches",
      description: "Tres noches para dos en un hotel cerca de la Puerta del Sol, con desayuno incluido.",
    },
    ca: {
      name: "Hotel al centre de Madrid, 3 nits",
      description: "Tres nits per a dues persones en un hotel a prop de la Puerta del Sol, amb esmorzar inclòs.",
    },
    fr: {
      name: "Hôtel au centre de Madrid, 3 nuits",
      description: "Trois nuits pour deux dans un hôtel près de la Puerta del Sol, petit-déjeuner compris.",
    },
    it: {
      name: "Hotel nel centro di Madrid, 3 notti",
      description: "Tre notti per due in un hotel vicino alla Puerta del Sol, colazione inclusa.",
    },
  },
  "CAR-DUB-5D": {
    en: {
      name: "Car hire at Dublin airport, 5 days",
      description: "A compact car for five days, collected and returned at Dublin airport, unlimited mileage.",
    },
    es: {
      name: "Alquiler de coche en el aeropuerto de Dublín, 5 días",
      description:
        "Un coche compacto durante cinco días, recogida y devolución en el aeropuerto de Dublín, kilometraje ilimitado.",
    },
    ca: {
      name: "Lloguer de cotxe a l’aeroport de Dublín, 5 dies",
      description:
        "Un cotxe compacte durant cinc dies, recollida i retorn a l’aeroport de Dublín, quilometratge il·limitat.",
    },
    fr: {
      name: "Location de voiture à l'aéroport de Dublin, 5 jours",
      description:
        "Une voiture compacte pendant cinq jours, prise et rendue à l'aéroport de Dublin, kilométrage illimité.",
    },
    it: {
      name: "Noleggio auto all'aeroporto di Dublino, 5 giorni",
      description:
        "Un'auto compatta per cinque giorni, ritiro e riconsegna all'aeroporto di Dublino, chilometraggio illimitato.",
    },
  },
  "INSURANCE-ANNUAL": {
    en: {
      name: "Annual multi-trip travel insurance",
      description: "Cover for every trip you take in the next twelve months, in Europe and worldwide.",
    },
    es: {
      name: "Seguro de viaje anual para varios viajes",
      description: "Cobertura para todos tus viajes de los próximos doce meses, en Europa y en todo el mundo.",
    },
    ca: {
      name: "Assegurança de viatge anual per a diversos viatges",
      description: "Cobertura per a tots els teus viatges dels propers dotze mesos, a Europa i a tot el món.",
    },
    fr: {
      name: "Assurance voyage annuelle multi-voyages",
      description: "Une couverture pour tous vos voyages des douze prochains mois, en Europe et dans le monde entier.",
    },
    it: {
      name: "Assicurazione viaggio annuale multiviaggio",
      description: "Copertura per tutti i viaggi dei prossimi dodici mesi, in Europa e nel resto del mondo.",
    },
  },
  "PACKAGE-MAD-CITY-BREAK": {
    en: {
      name: "Madrid city break: flight and 3 nights",
      description: "The flight to Madrid and three nights in the centre, booked together for less.",
      componentNames: ["London Heathrow to Madrid, economy", "Hotel in central Madrid, 3 nights"],
    },
    es: {
      name: "Escapada a Madrid: vuelo y 3 noches",
      description: "El vuelo a Madrid y tres noches en el centro, reservados juntos por menos.",
      componentNames: ["Londres Heathrow a Madrid, turista", "Hotel en el centro de Madrid, 3 noches"],
    },
    ca: {
      name: "Escapada a Madrid: vol i 3 nits",
      description: "El vol a Madrid i tres nits al centre, reservats junts per menys.",
      componentNames: ["Londres Heathrow a Madrid, turista", "Hotel al centre de Madrid, 3 nits"],
    },
    fr: {
      name: "Escapade à Madrid : vol et 3 nuits",
      description: "Le vol pour Madrid et trois nuits au centre, réservés ensemble pour moins cher.",
      componentNames: ["Londres Heathrow à Madrid, classe économique", "Hôtel au centre de Madrid, 3 nuits"],
    },
    it: {
      name: "Weekend a Madrid: volo e 3 notti",
      description: "Il volo per Madrid e tre notti in centro, prenotati insieme a un prezzo più basso.",
      componentNames: ["Londra Heathrow a Madrid, economy", "Hotel nel centro di Madrid, 3 notti"],
    },
  },
};
