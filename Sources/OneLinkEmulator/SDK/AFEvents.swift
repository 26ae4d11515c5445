// The in-app event names and parameter names of AppsFlyerLib.h, with the header's string values.
// The header defines them as macros, which Swift imports as global `String` constants.

/// Every `AFEvent*` name constant and its value, in header order, for tests and tools.
package let allAFEventNames: [(name: String, value: String)] = [
    ("AFEventLevelAchieved", AFEventLevelAchieved),
    ("AFEventAddPaymentInfo", AFEventAddPaymentInfo),
    ("AFEventAddToCart", AFEventAddToCart),
    ("AFEventAddToWishlist", AFEventAddToWishlist),
    ("AFEventCompleteRegistration", AFEventCompleteRegistration),
    ("AFEventTutorial_completion", AFEventTutorial_completion),
    ("AFEventInitiatedCheckout", AFEventInitiatedCheckout),
    ("AFEventPurchase", AFEventPurchase),
    ("AFEventRate", AFEventRate),
    ("AFEventSearch", AFEventSearch),
    ("AFEventSpentCredits", AFEventSpentCredits),
    ("AFEventAchievementUnlocked", AFEventAchievementUnlocked),
    ("AFEventContentView", AFEventContentView),
    ("AFEventListView", AFEventListView),
    ("AFEventTravelBooking", AFEventTravelBooking),
    ("AFEventShare", AFEventShare),
    ("AFEventInvite", AFEventInvite),
    ("AFEventLogin", AFEventLogin),
    ("AFEventReEngage", AFEventReEngage),
    ("AFEventUpdate", AFEventUpdate),
    ("AFEventOpenedFromPushNotification", AFEventOpenedFromPushNotification),
    ("AFEventLocation", AFEventLocation),
    ("AFEventCustomerSegment", AFEventCustomerSegment),
    ("AFEventSubscribe", AFEventSubscribe),
    ("AFEventStartTrial", AFEventStartTrial),
    ("AFEventAdClick", AFEventAdClick),
    ("AFEventAdView", AFEventAdView),
]

/// Every `AFEventParam*` constant (and `AFEventProjectedParamRevenue`) and its value, in header order.
package let allAFEventParameterNames: [(name: String, value: String)] = [
    ("AFEventParamContent", AFEventParamContent),
    ("AFEventParamAchievementId", AFEventParamAchievementId),
    ("AFEventParamLevel", AFEventParamLevel),
    ("AFEventParamScore", AFEventParamScore),
    ("AFEventParamSuccess", AFEventParamSuccess),
    ("AFEventParamPrice", AFEventParamPrice),
    ("AFEventParamContentType", AFEventParamContentType),
    ("AFEventParamContentId", AFEventParamContentId),
    ("AFEventParamContentList", AFEventParamContentList),
    ("AFEventParamCurrency", AFEventParamCurrency),
    ("AFEventParamQuantity", AFEventParamQuantity),
    ("AFEventParamRegistrationMethod", AFEventParamRegistrationMethod),
    ("AFEventParamPaymentInfoAvailable", AFEventParamPaymentInfoAvailable),
    ("AFEventParamMaxRatingValue", AFEventParamMaxRatingValue),
    ("AFEventParamRatingValue", AFEventParamRatingValue),
    ("AFEventParamSearchString", AFEventParamSearchString),
    ("AFEventParamDateA", AFEventParamDateA),
    ("AFEventParamDateB", AFEventParamDateB),
    ("AFEventParamDestinationA", AFEventParamDestinationA),
    ("AFEventParamDestinationB", AFEventParamDestinationB),
    ("AFEventParamDescription", AFEventParamDescription),
    ("AFEventParamClass", AFEventParamClass),
    ("AFEventParamEventStart", AFEventParamEventStart),
    ("AFEventParamEventEnd", AFEventParamEventEnd),
    ("AFEventParamLat", AFEventParamLat),
    ("AFEventParamLong", AFEventParamLong),
    ("AFEventParamCustomerUserId", AFEventParamCustomerUserId),
    ("AFEventParamValidated", AFEventParamValidated),
    ("AFEventParamRevenue", AFEventParamRevenue),
    ("AFEventProjectedParamRevenue", AFEventProjectedParamRevenue),
    ("AFEventParamReceiptId", AFEventParamReceiptId),
    ("AFEventParamTutorialId", AFEventParamTutorialId),
    ("AFEventParamVirtualCurrencyName", AFEventParamVirtualCurrencyName),
    ("AFEventParamDeepLink", AFEventParamDeepLink),
    ("AFEventParamOldVersion", AFEventParamOldVersion),
    ("AFEventParamNewVersion", AFEventParamNewVersion),
    ("AFEventParamReviewText", AFEventParamReviewText),
    ("AFEventParamCouponCode", AFEventParamCouponCode),
    ("AFEventParamOrderId", AFEventParamOrderId),
    ("AFEventParam1", AFEventParam1),
    ("AFEventParam2", AFEventParam2),
    ("AFEventParam3", AFEventParam3),
    ("AFEventParam4", AFEventParam4),
    ("AFEventParam5", AFEventParam5),
    ("AFEventParam6", AFEventParam6),
    ("AFEventParam7", AFEventParam7),
    ("AFEventParam8", AFEventParam8),
    ("AFEventParam9", AFEventParam9),
    ("AFEventParam10", AFEventParam10),
    ("AFEventParamTouch", AFEventParamTouch),
    ("AFEventParamNetworkToken", AFEventParamNetworkToken),
    ("AFEventParamDepartingDepartureDate", AFEventParamDepartingDepartureDate),
    ("AFEventParamReturningDepartureDate", AFEventParamReturningDepartureDate),
    ("AFEventParamDestinationList", AFEventParamDestinationList),
    ("AFEventParamCity", AFEventParamCity),
    ("AFEventParamRegion", AFEventParamRegion),
    ("AFEventParamCountry", AFEventParamCountry),
    ("AFEventParamDepartingArrivalDate", AFEventParamDepartingArrivalDate),
    ("AFEventParamReturningArrivalDate", AFEventParamReturningArrivalDate),
    ("AFEventParamSuggestedDestinations", AFEventParamSuggestedDestinations),
    ("AFEventParamTravelStart", AFEventParamTravelStart),
    ("AFEventParamTravelEnd", AFEventParamTravelEnd),
    ("AFEventParamNumAdults", AFEventParamNumAdults),
    ("AFEventParamNumChildren", AFEventParamNumChildren),
    ("AFEventParamNumInfants", AFEventParamNumInfants),
    ("AFEventParamSuggestedHotels", AFEventParamSuggestedHotels),
    ("AFEventParamUserScore", AFEventParamUserScore),
    ("AFEventParamHotelScore", AFEventParamHotelScore),
    ("AFEventParamPurchaseCurrency", AFEventParamPurchaseCurrency),
    ("AFEventParamPreferredStarRatings", AFEventParamPreferredStarRatings),
    ("AFEventParamPreferredPriceRange", AFEventParamPreferredPriceRange),
    ("AFEventParamPreferredNeighborhoods", AFEventParamPreferredNeighborhoods),
    ("AFEventParamPreferredNumStops", AFEventParamPreferredNumStops),
    ("AFEventParamAdRevenueAdType", AFEventParamAdRevenueAdType),
    ("AFEventParamAdRevenueNetworkName", AFEventParamAdRevenueNetworkName),
    ("AFEventParamAdRevenuePlacementId", AFEventParamAdRevenuePlacementId),
    ("AFEventParamAdRevenueAdSize", AFEventParamAdRevenueAdSize),
    ("AFEventParamAdRevenueMediatedNetworkName", AFEventParamAdRevenueMediatedNetworkName),
]

/// The in-app event name `"af_level_achieved"`.
public let AFEventLevelAchieved = "af_level_achieved"
/// The in-app event name `"af_add_payment_info"`.
public let AFEventAddPaymentInfo = "af_add_payment_info"
/// The in-app event name `"af_add_to_cart"`.
public let AFEventAddToCart = "af_add_to_cart"
/// The in-app event name `"af_add_to_wishlist"`.
public let AFEventAddToWishlist = "af_add_to_wishlist"
/// The in-app event name `"af_complete_registration"`.
public let AFEventCompleteRegistration = "af_complete_registration"
/// The in-app event name `"af_tutorial_completion"`.
public let AFEventTutorial_completion = "af_tutorial_completion"
/// The in-app event name `"af_initiated_checkout"`.
public let AFEventInitiatedCheckout = "af_initiated_checkout"
/// The in-app event name `"af_purchase"`.
public let AFEventPurchase = "af_purchase"
/// The in-app event name `"af_rate"`.
public let AFEventRate = "af_rate"
/// The in-app event name `"af_search"`.
public let AFEventSearch = "af_search"
/// The in-app event name `"af_spent_credits"`.
public let AFEventSpentCredits = "af_spent_credits"
/// The in-app event name `"af_achievement_unlocked"`.
public let AFEventAchievementUnlocked = "af_achievement_unlocked"
/// The in-app event name `"af_content_view"`.
public let AFEventContentView = "af_content_view"
/// The in-app event name `"af_list_view"`.
public let AFEventListView = "af_list_view"
/// The in-app event name `"af_travel_booking"`.
public let AFEventTravelBooking = "af_travel_booking"
/// The in-app event name `"af_share"`.
public let AFEventShare = "af_share"
/// The in-app event name `"af_invite"`.
public let AFEventInvite = "af_invite"
/// The in-app event name `"af_login"`.
public let AFEventLogin = "af_login"
/// The in-app event name `"af_re_engage"`.
public let AFEventReEngage = "af_re_engage"
/// The in-app event name `"af_update"`.
public let AFEventUpdate = "af_update"
/// The in-app event name `"af_opened_from_push_notification"`.
public let AFEventOpenedFromPushNotification = "af_opened_from_push_notification"
/// The in-app event name `"af_location_coordinates"`.
public let AFEventLocation = "af_location_coordinates"
/// The in-app event name `"af_customer_segment"`.
public let AFEventCustomerSegment = "af_customer_segment"
/// The in-app event name `"af_subscribe"`.
public let AFEventSubscribe = "af_subscribe"
/// The in-app event name `"af_start_trial"`.
public let AFEventStartTrial = "af_start_trial"
/// The in-app event name `"af_ad_click"`.
public let AFEventAdClick = "af_ad_click"
/// The in-app event name `"af_ad_view"`.
public let AFEventAdView = "af_ad_view"
/// The in-app event parameter name `"af_content"`.
public let AFEventParamContent = "af_content"
/// The in-app event parameter name `"af_achievement_id"`.
public let AFEventParamAchievementId = "af_achievement_id"
/// The in-app event parameter name `"af_level"`.
public let AFEventParamLevel = "af_level"
/// The in-app event parameter name `"af_score"`.
public let AFEventParamScore = "af_score"
/// The in-app event parameter name `"af_success"`.
public let AFEventParamSuccess = "af_success"
/// The in-app event parameter name `"af_price"`.
public let AFEventParamPrice = "af_price"
/// The in-app event parameter name `"af_content_type"`.
public let AFEventParamContentType = "af_content_type"
/// The in-app event parameter name `"af_content_id"`.
public let AFEventParamContentId = "af_content_id"
/// The in-app event parameter name `"af_content_list"`.
public let AFEventParamContentList = "af_content_list"
/// The in-app event parameter name `"af_currency"`.
public let AFEventParamCurrency = "af_currency"
/// The in-app event parameter name `"af_quantity"`.
public let AFEventParamQuantity = "af_quantity"
/// The in-app event parameter name `"af_registration_method"`.
public let AFEventParamRegistrationMethod = "af_registration_method"
/// The in-app event parameter name `"af_payment_info_available"`.
public let AFEventParamPaymentInfoAvailable = "af_payment_info_available"
/// The in-app event parameter name `"af_max_rating_value"`.
public let AFEventParamMaxRatingValue = "af_max_rating_value"
/// The in-app event parameter name `"af_rating_value"`.
public let AFEventParamRatingValue = "af_rating_value"
/// The in-app event parameter name `"af_search_string"`.
public let AFEventParamSearchString = "af_search_string"
/// The in-app event parameter name `"af_date_a"`.
public let AFEventParamDateA = "af_date_a"
/// The in-app event parameter name `"af_date_b"`.
public let AFEventParamDateB = "af_date_b"
/// The in-app event parameter name `"af_destination_a"`.
public let AFEventParamDestinationA = "af_destination_a"
/// The in-app event parameter name `"af_destination_b"`.
public let AFEventParamDestinationB = "af_destination_b"
/// The in-app event parameter name `"af_description"`.
public let AFEventParamDescription = "af_description"
/// The in-app event parameter name `"af_class"`.
public let AFEventParamClass = "af_class"
/// The in-app event parameter name `"af_event_start"`.
public let AFEventParamEventStart = "af_event_start"
/// The in-app event parameter name `"af_event_end"`.
public let AFEventParamEventEnd = "af_event_end"
/// The in-app event parameter name `"af_lat"`.
public let AFEventParamLat = "af_lat"
/// The in-app event parameter name `"af_long"`.
public let AFEventParamLong = "af_long"
/// The in-app event parameter name `"af_customer_user_id"`.
public let AFEventParamCustomerUserId = "af_customer_user_id"
/// The in-app event parameter name `"af_validated"`.
public let AFEventParamValidated = "af_validated"
/// The in-app event parameter name `"af_revenue"`.
public let AFEventParamRevenue = "af_revenue"
/// The in-app event parameter name `"af_projected_revenue"`.
public let AFEventProjectedParamRevenue = "af_projected_revenue"
/// The in-app event parameter name `"af_receipt_id"`.
public let AFEventParamReceiptId = "af_receipt_id"
/// The in-app event parameter name `"af_tutorial_id"`.
public let AFEventParamTutorialId = "af_tutorial_id"
/// The in-app event parameter name `"af_virtual_currency_name"`.
public let AFEventParamVirtualCurrencyName = "af_virtual_currency_name"
/// The in-app event parameter name `"af_deep_link"`.
public let AFEventParamDeepLink = "af_deep_link"
/// The in-app event parameter name `"af_old_version"`.
public let AFEventParamOldVersion = "af_old_version"
/// The in-app event parameter name `"af_new_version"`.
public let AFEventParamNewVersion = "af_new_version"
/// The in-app event parameter name `"af_review_text"`.
public let AFEventParamReviewText = "af_review_text"
/// The in-app event parameter name `"af_coupon_code"`.
public let AFEventParamCouponCode = "af_coupon_code"
/// The in-app event parameter name `"af_order_id"`.
public let AFEventParamOrderId = "af_order_id"
/// The in-app event parameter name `"af_param_1"`.
public let AFEventParam1 = "af_param_1"
/// The in-app event parameter name `"af_param_2"`.
public let AFEventParam2 = "af_param_2"
/// The in-app event parameter name `"af_param_3"`.
public let AFEventParam3 = "af_param_3"
/// The in-app event parameter name `"af_param_4"`.
public let AFEventParam4 = "af_param_4"
/// The in-app event parameter name `"af_param_5"`.
public let AFEventParam5 = "af_param_5"
/// The in-app event parameter name `"af_param_6"`.
public let AFEventParam6 = "af_param_6"
/// The in-app event parameter name `"af_param_7"`.
public let AFEventParam7 = "af_param_7"
/// The in-app event parameter name `"af_param_8"`.
public let AFEventParam8 = "af_param_8"
/// The in-app event parameter name `"af_param_9"`.
public let AFEventParam9 = "af_param_9"
/// The in-app event parameter name `"af_param_10"`.
public let AFEventParam10 = "af_param_10"
/// The in-app event parameter name `"af_touch_obj"`.
public let AFEventParamTouch = "af_touch_obj"
/// The in-app event parameter name `"net_token"`.
public let AFEventParamNetworkToken = "net_token"
/// The in-app event parameter name `"af_departing_departure_date"`.
public let AFEventParamDepartingDepartureDate = "af_departing_departure_date"
/// The in-app event parameter name `"af_returning_departure_date"`.
public let AFEventParamReturningDepartureDate = "af_returning_departure_date"
/// The in-app event parameter name `"af_destination_list"`.
public let AFEventParamDestinationList = "af_destination_list"
/// The in-app event parameter name `"af_city"`.
public let AFEventParamCity = "af_city"
/// The in-app event parameter name `"af_region"`.
public let AFEventParamRegion = "af_region"
/// The in-app event parameter name `"af_country"`.
public let AFEventParamCountry = "af_country"
/// The in-app event parameter name `"af_departing_arrival_date"`.
public let AFEventParamDepartingArrivalDate = "af_departing_arrival_date"
/// The in-app event parameter name `"af_returning_arrival_date"`.
public let AFEventParamReturningArrivalDate = "af_returning_arrival_date"
/// The in-app event parameter name `"af_suggested_destinations"`.
public let AFEventParamSuggestedDestinations = "af_suggested_destinations"
/// The in-app event parameter name `"af_travel_start"`.
public let AFEventParamTravelStart = "af_travel_start"
/// The in-app event parameter name `"af_travel_end"`.
public let AFEventParamTravelEnd = "af_travel_end"
/// The in-app event parameter name `"af_num_adults"`.
public let AFEventParamNumAdults = "af_num_adults"
/// The in-app event parameter name `"af_num_children"`.
public let AFEventParamNumChildren = "af_num_children"
/// The in-app event parameter name `"af_num_infants"`.
public let AFEventParamNumInfants = "af_num_infants"
/// The in-app event parameter name `"af_suggested_hotels"`.
public let AFEventParamSuggestedHotels = "af_suggested_hotels"
/// The in-app event parameter name `"af_user_score"`.
public let AFEventParamUserScore = "af_user_score"
/// The in-app event parameter name `"af_hotel_score"`.
public let AFEventParamHotelScore = "af_hotel_score"
/// The in-app event parameter name `"af_purchase_currency"`.
public let AFEventParamPurchaseCurrency = "af_purchase_currency"
/// The in-app event parameter name `"af_preferred_star_ratings"`.
public let AFEventParamPreferredStarRatings = "af_preferred_star_ratings"
/// The in-app event parameter name `"af_preferred_price_range"`.
public let AFEventParamPreferredPriceRange = "af_preferred_price_range"
/// The in-app event parameter name `"af_preferred_neighborhoods"`.
public let AFEventParamPreferredNeighborhoods = "af_preferred_neighborhoods"
/// The in-app event parameter name `"af_preferred_num_stops"`.
public let AFEventParamPreferredNumStops = "af_preferred_num_stops"
// The SDK 7 header has no AFEventParamAdRevenue* macros: they are SDK 6 names.
/// The in-app event parameter name `"af_adrev_ad_type"`.
#if SDK7
    @_spi(SDK6)
#endif
public let AFEventParamAdRevenueAdType = "af_adrev_ad_type"
/// The in-app event parameter name `"af_adrev_network_name"`.
#if SDK7
    @_spi(SDK6)
#endif
public let AFEventParamAdRevenueNetworkName = "af_adrev_network_name"
/// The in-app event parameter name `"af_adrev_placement_id"`.
#if SDK7
    @_spi(SDK6)
#endif
public let AFEventParamAdRevenuePlacementId = "af_adrev_placement_id"
/// The in-app event parameter name `"af_adrev_ad_size"`.
#if SDK7
    @_spi(SDK6)
#endif
public let AFEventParamAdRevenueAdSize = "af_adrev_ad_size"
/// The in-app event parameter name `"af_adrev_mediated_network_name"`.
#if SDK7
    @_spi(SDK6)
#endif
public let AFEventParamAdRevenueMediatedNetworkName = "af_adrev_mediated_network_name"
